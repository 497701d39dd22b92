"""Times as reports print them (interp/output/format.fmt_time): a float residue of a sum of times
(2.4e-21 s, a waiting time of 0 computed as a difference) prints as 0, not "2.435e-12 ns"."""
from interp.output.format import fmt_time


def test_a_residue_prints_as_zero():
    assert fmt_time(2.435e-21) == "0"
    assert fmt_time(-3e-20) == "0"
    assert fmt_time(0.0) == "0"


def test_real_times_keep_their_units():
    assert fmt_time(137.5e-9) == "137.5 ns"
    assert fmt_time(82.68e-6) == "82.68 us"
    assert fmt_time(1.064e-3) == "1.064 ms"
    assert fmt_time(2.5) == "2.5 s"
