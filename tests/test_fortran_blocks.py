"""Issue 14 (fuzz case fortran-2-21): a block IF with no END IF is reported before fparser reads the
file; fparser backtracked over unclosed blocks for minutes (ten: 95 s) or for ever (a hundred)."""
import pytest

from frontends.errors import FrontendError
from frontends.fortran.blocks import check_blocks

FIXED_OK = """\
      PROGRAM P
      INTEGER N
      CHARACTER*20 S
      S = 'IF (N) THEN ! no'
      IF (N .GT. 0 .AND.
     &    N .LT. 10) THEN
         N = 1
      ELSE IF (N .EQ. 0) THEN
         N = 2
      ELSE
         N = 3
      ENDIF
      IF (N .EQ. 1) N = 4
   10 IF (N .EQ. 4) THEN
      END IF
C     IF (N) THEN in a comment
      END
"""

FREE_OK = """\
program p
  integer :: n
  outer: if (n > 0) then  ! a named block
    if (n > 1 .and. &
        n < 5) then
      n = 2; if (n == 2) then; n = 3; end if
    end if
  end if outer
  print *, "if (n) then"
end program p
"""


@pytest.mark.parametrize("text, form", [(FIXED_OK, "fixed"), (FREE_OK, "free"),
                                        ("\tPROGRAM P\n\tIF (N .GT. 0) THEN\n\tN = 1\n\tEND IF\n\tEND\n", "fixed")])
def test_balanced_blocks_in_every_spelling_pass(text, form):
    check_blocks(text, "p", form)


def test_the_innermost_unclosed_block_if_is_reported_at_its_line():
    text = FIXED_OK.replace("      ENDIF\n", "")
    with pytest.raises(FrontendError) as err:
        check_blocks(text, "p.f", "fixed")
    # the IF of line 14 takes the END IF of line 15, so the IF of line 5 is the one left open
    assert err.value.line == 5 and "this block IF has no END IF (1 block IF is not closed" in err.value.message


def test_a_hundred_unclosed_ifs_are_one_clear_error_at_once(cli, tmp_path):
    f = tmp_path / "deep.f90"
    f.write_text("program p\n  integer :: n\n" + "  if (n < 1) then\n" * 100 + "end program p\n")
    r = cli("run", f)
    assert r.exit_code == 2
    assert "deep.f90:102: this block IF has no END IF (100 block IFs are not closed in the file)" in r.stderr
