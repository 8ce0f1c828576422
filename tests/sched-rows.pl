#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# LKP's perf-sched.* rows of `perf sched timehist` text on stdin, computed
# from the rules in ../shared/reference/lkp-other-metrics.md ("perf-sched")
# alone, to hold flamediff's analyzer/sched.c against: one "key: value"
# line per row, sorted bytewise as `report --lkp` prints them.
use strict;
use warnings;
use POSIX qw(floor);

# Half away from zero of the binary value times 1000, then Ruby's own
# correction (Float#round): a value at or past the halfway point that the
# product lost goes one further step away from zero.
sub round3 {
	my ($v) = @_;
	my $x = $v * 1000;
	my $r = $x < 0 ? -POSIX::round(-$x) : POSIX::round($x);
	$r += 1 if $v > 0 && ($r + 0.5) / 1000 <= $v;
	$r -= 1 if $v < 0 && ($r - 0.5) / 1000 >= $v;
	return $r / 1000;
}

# Kahan-Babuska (Neumaier), as Ruby's Array#sum on floats.
sub ksum {
	my ($f, $c) = (0.0, 0.0);
	for my $x (@_) {
		my $t = $f + $x;
		if (abs($f) >= abs($x)) {
			$c += ($f - $t) + $x;
		} else {
			$c += ($x - $t) + $f;
		}
		$f = $t;
	}
	return $f + $c;
}

sub avg {
	my @l = @_;
	return round3(ksum(@l) / scalar(@l));
}

sub max {
	my $m = shift;
	for (@_) { $m = $_ if $_ > $m }
	return $m;
}

# Ruby's Float#to_s: shortest round-trip digits, always a decimal point,
# exponent form outside 1e-4 <= |v| < 1e16.
sub ruby_float {
	my ($v) = @_;
	return "0.0" if $v == 0;
	my $s;
	for my $p (1 .. 17) {
		$s = sprintf("%.*e", $p - 1, $v);
		last if $s + 0 == $v;
	}
	my ($mant, $exp) = $s =~ /^(-?[\d.]+)e([-+]\d+)$/;
	if (abs($v) >= 1e16 || abs($v) < 1e-4) {
		$mant .= ".0" unless $mant =~ /\./;
		return sprintf("%se%s%02d", $mant, $exp < 0 ? "-" : "+", abs($exp));
	}
	my $digits = $mant;
	$digits =~ s/[-.]//g;
	my $dec = length($digits) - 1 - $exp;
	$dec = 0 if $dec < 0;
	my $out = sprintf("%.*f", $dec, $v);
	$out .= ".0" unless $out =~ /\./;
	return $out;
}

my (%wait, %delay, %both, @order, @aw, @ad, @ab);
while (my $line = <STDIN>) {
	next unless index($line, " <- ") >= 0;
	$line =~ s/ <- /./g;
	my @f = split(' ', $line);
	my ($w, $d, $chain) = ($f[-4], $f[-3], $f[-1]);
	$chain =~ s/\.+$//;
	my @parts = split(/\./, $chain);
	my $key = join(".", @parts[0 .. ($#parts < 4 ? $#parts : 4)]);
	push @order, $key unless exists $wait{$key};
	my $b = round3($w + $d);
	push @{ $wait{$key} }, $w + 0;
	push @{ $delay{$key} }, $d + 0;
	push @{ $both{$key} }, $b;
	push @aw, $w + 0;
	push @ad, $d + 0;
	push @ab, $b;
}
exit 0 unless @ab;

my %row;
my $n = scalar(@ab);
my $total_both = avg(@ab);
$row{"total_wait_time.max.ms"} = ruby_float(max(@aw));
$row{"total_wait_time.average.ms"} = ruby_float(avg(@aw));
$row{"total_sch_delay.max.ms"} = ruby_float(max(@ad));
$row{"total_sch_delay.average.ms"} = ruby_float(avg(@ad));
$row{"total_wait_and_delay.count.ms"} = $n;
$row{"total_wait_and_delay.max.ms"} = ruby_float(max(@ab));
$row{"total_wait_and_delay.average.ms"} = ruby_float($total_both);
for my $k (@order) {
	my $cnt = scalar(@{ $both{$k} });
	my $kb = avg(@{ $both{$k} });
	$row{"wait_time.max.ms.$k"} = ruby_float(max(@{ $wait{$k} }));
	$row{"wait_time.avg.ms.$k"} = ruby_float(avg(@{ $wait{$k} }));
	$row{"sch_delay.max.ms.$k"} = ruby_float(max(@{ $delay{$k} }));
	$row{"sch_delay.avg.ms.$k"} = ruby_float(avg(@{ $delay{$k} }));
	next if $kb < $total_both && $cnt < int($n * 0.5 / 100);
	$row{"wait_and_delay.count.$k"} = $cnt;
	$row{"wait_and_delay.max.ms.$k"} = ruby_float(max(@{ $both{$k} }));
	$row{"wait_and_delay.avg.ms.$k"} = ruby_float($kb);
}
print "perf-sched.$_: $row{$_}\n" for sort keys %row;
