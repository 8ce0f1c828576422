#!/usr/bin/perl
# LKP's stress-ng rules (share: lkp-monitors.md, "stress-ng"), written
# apart from analyzer/benchmark.c: made tests/data/benchmark/*.want.
# usage: perl tests/stress-ng-rows.pl OUTPUT
use strict; use warnings;
my ($on, %r) = (0);
while (my $l = <>) {
	chomp $l; $l =~ s/\r$//;
	next unless $l =~ /^stress-ng: /;
	if (!$on) { $on = 1 if $l =~ /\(secs\)\s+\(secs\)\s+\(secs\)/; next; }
	last if $l =~ /run time:/;
	if ($l =~ /\((average|geometric mean|geometic mean|harmonic mean|total)[ )]/) {
		$l =~ s/ ?\((average|geometric mean|geometic mean|harmonic mean|total)[ )].*$//;
		my @f = split ' ', $l;
		next if @f < 6;
		my $u = join '_', @f[5..$#f];
		$u =~ s/[\s,"'_\[\]():]+/_/g; $u =~ s/^_+|_+$//g;
		if ($f[4] == 0) { $r{"$f[3].$u.fail"} = 1 }
		else { $r{"$f[3].$u.pass"} = 1; $r{"$f[3].$u"} = $f[4] }
		next;
	}
	my @f = split ' ', $l;
	next unless @f == 10 || @f == 12;
	if ($f[4] eq '0') { $r{"$f[3].fail"} = 1; next }
	next unless $f[4] =~ /^[0-9.]+$/;
	$r{"$f[3].pass"} = 1; $r{"$f[3].ops"} = $f[4]; $r{"$f[3].ops_per_sec"} = $f[8] + 0;
}
print "stress-ng.$_: ", $r{$_} + 0, "\n" for sort keys %r;
