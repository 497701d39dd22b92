"""The C library's constants as the machines interp predicts for define them (Linux, glibc)."""
from __future__ import annotations

from interp.pipeline import predict


def test_rand_max_is_glibcs(tmp_path):
    # pycparser's fake libc defines RAND_MAX as 32767 (the C standard's minimum); glibc's is
    # 2^31 - 1, so the loop runs 2147483647 / 65536 = 32767 times in C (it ran 0 times here)
    path = tmp_path / "r.c"
    path.write_text("#include <stdlib.h>\n#include <stdio.h>\nint main(void) {\n    double s = 0;\n"
                    "    for (int i = 0; i < RAND_MAX / 65536; i++)\n        s += 1;\n"
                    "    printf(\"%f\\n\", s);\n    return 0;\n}\n")
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert next(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":6")) == 32767
