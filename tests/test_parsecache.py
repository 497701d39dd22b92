"""The C parse cache by content hash (frontends/c/parsecache.py, issue 16)."""
import io
import os

import pytest

from frontends.c import cparse, parsecache
from frontends.errors import FrontendError


def shown(ast) -> str:
    out = io.StringIO()
    ast.show(buf=out, attrnames=True, nodenames=True, showcoord=True)
    return out.getvalue()


def entries(d) -> list[str]:
    return sorted(f for _, _, files in os.walk(d) for f in files if f.endswith(".pickle"))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("INTERP_CACHE_DIR", str(d))
    monkeypatch.delenv("INTERP_CACHE", raising=False)
    return d


def test_a_second_parse_of_the_same_text_reads_the_cache_and_gives_the_same_tree(cache, monkeypatch):
    first = cparse.parse_c("samples/jacobi2d_mpi.c")
    assert len(entries(cache)) == 1
    calls = []
    real = cparse.CParser.parse
    monkeypatch.setattr(cparse.CParser, "parse", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    second = cparse.parse_c("samples/jacobi2d_mpi.c")
    assert calls == []  # not parsed again
    assert shown(second.ast) == shown(first.ast)  # node for node, with file and line of each
    # a macro the file does not use leaves the preprocessed text, hence the tree, the same
    cparse.parse_c("samples/jacobi2d_mpi.c", macros={"UNUSED_MACRO": "1"})
    assert calls == [] and len(entries(cache)) == 1


def test_a_macro_that_changes_the_text_is_another_entry(cache, tmp_path):
    prog = tmp_path / "sized.c"
    prog.write_text("double a[N];\nint main(void) { return 0; }\n")
    two = cparse.parse_c(str(prog), macros={"N": "2"}).ast
    three = cparse.parse_c(str(prog), macros={"N": "3"}).ast
    assert len(entries(cache)) == 2
    assert two.ext[-2].type.dim.value == "2" and three.ext[-2].type.dim.value == "3"
    assert cparse.parse_c(str(prog), macros={"N": "2"}).ast.ext[-2].type.dim.value == "2"


def test_errors_are_not_cached_and_a_damaged_entry_is_parsed_again(cache, tmp_path):
    bad = tmp_path / "bad.c"
    bad.write_text("int main(void) { return 0 }\n")
    for _ in range(2):  # the same error, with its line, both times
        with pytest.raises(FrontendError) as err:
            cparse.parse_c(str(bad))
        assert err.value.line == 1
    assert entries(cache) == []
    good = tmp_path / "good.c"
    good.write_text("int main(void) { return 0; }\n")
    tree = cparse.parse_c(str(good)).ast
    (name,) = entries(cache)
    path = next(os.path.join(r, name) for r, _, files in os.walk(cache) if name in files)
    with open(path, "wb") as f:
        f.write(b"not a pickle")
    assert shown(cparse.parse_c(str(good)).ast) == shown(tree)


def test_the_cache_can_be_turned_off(cache, monkeypatch):
    monkeypatch.setenv("INTERP_CACHE", "0")
    cparse.parse_c("samples/ring_mpi.c")
    assert not cache.exists()


def test_the_key_covers_the_file_name_and_the_text():
    assert parsecache.key("int x;", "a.c") != parsecache.key("int x;", "b.c")
    assert parsecache.key("int x;", "a.c") != parsecache.key("int y;", "a.c")
    assert parsecache.key("int x;", "a.c") == parsecache.key("int x;", "a.c")


def test_each_directory_keeps_its_most_recently_used_entries(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(parsecache, "PER_DIRECTORY", 2)
    real_key = parsecache.key
    monkeypatch.setattr(parsecache, "key", lambda pre, file: "ab" + real_key(pre, file)[2:])  # one directory
    paths = {}
    for n in (1, 2, 3):
        prog = tmp_path / f"p{n}.c"
        prog.write_text(f"int a{n};\n")
        before = set(entries(cache))
        cparse.parse_c(str(prog))
        if n < 3:  # entries 1 and 2 last used at times 1000 and 2000
            (new,) = set(entries(cache)) - before
            paths[n] = os.path.join(cache, "ab", new)
            os.utime(paths[n], (1000 * n, 1000 * n))
    assert len(entries(cache)) == 2
    assert not os.path.exists(paths[1]) and os.path.exists(paths[2])  # the least recently used went
    # a hit refreshes an entry: p2.c read again is now newer than p3.c's entry
    os.utime(paths[2], (1, 1))
    cparse.parse_c(str(tmp_path / "p2.c"))
    assert os.stat(paths[2]).st_mtime > 1000
    # what is stored is a compressed pickle of the tree
    with open(paths[2], "rb") as f:
        tree = parsecache.pickle.loads(parsecache.zlib.decompress(f.read()))
    assert shown(tree) == shown(cparse.parse_c(str(tmp_path / "p2.c")).ast)
