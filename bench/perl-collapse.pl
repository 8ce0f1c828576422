#!/usr/bin/perl
# bench/perl-collapse.pl: the least a Perl folder of `perf script` text
# does -- read a sample's header and frames, join the function names root
# first with ';', count the stack in a hash, print the hash sorted. A
# stand-in peer for bench/scale.sh where stackcollapse-perf.pl is not at
# hand: that script does all of this and more per line (options, inline
# and kernel annotations, name tidying), so its time and memory are at
# least these, and flamediff's ratio to this is a lower bound of its
# ratio to the real one. Written for the bench; not a folder to use.
use strict;
use warnings;

my (%count, @stack, $comm);

sub flush {
	$count{join(';', $comm, @stack)}++ if defined $comm;
	@stack = ();
	undef $comm;
}

while (my $line = <>) {
	if ($line =~ /^\s*$/) {
		flush();
	} elsif ($line =~ /^(\S+)/) {
		$comm = $1;
	} elsif ($line =~ /^\s+[0-9a-f]+\s+(.+?)(?:\+0x[0-9a-f]+)?\s+\(/) {
		unshift @stack, $1;
	}
}
flush();
print "$_ $count{$_}\n" for sort keys %count;
