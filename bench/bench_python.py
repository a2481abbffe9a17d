"""make bench: the Python module's array call against the C batch call it wraps, per point at n = 10^6.

gdcert.eval(id, *arrays) (argument conversion to the (n, nargs) layout, the domain check, the call, the reshape)
against gdc_eval_n on the same points already in that layout (the C batch call through ctypes: one foreign call per
10^6 points). Minimum of 5 alternating rounds each. Run with GDCERT_LIB and PYTHONPATH set (bench/local.mk)."""
import time

import numpy as np

import gdcert

N = 10 ** 6
ROWS = {
    "relu.h": lambda rng: [rng.uniform(0, np.pi, N)],
    "relu.loss": lambda rng: [rng.uniform(0, 4, N), rng.uniform(0, np.pi, N)],
    "relu.kernel": lambda rng: [rng.uniform(0, 4, N), rng.uniform(0, 4, N), rng.uniform(0, np.pi, N)],
    "erf.kernel": lambda rng: [rng.uniform(0, 4, N), rng.uniform(0, 4, N), rng.uniform(0, np.pi, N)],
    "cosine.ecc": lambda rng: [rng.uniform(0, 4, N), rng.uniform(0, 4, N), rng.uniform(0, np.pi, N)],
}


def main():
    rng = np.random.default_rng(0)
    lib = gdcert._lib
    print("%-14s %10s %10s %7s" % ("id (n = 1e6)", "python ns", "C batch ns", "ratio"))
    for rid, gen in ROWS.items():
        args = gen(rng)
        x = np.ascontiguousarray(np.stack(args, axis=-1))
        out = np.empty((N, len(gdcert.row(rid)["outputs"])))
        row = gdcert._find(rid)
        tp = tc = float("inf")
        for _ in range(5):
            t0 = time.perf_counter()
            gdcert.eval(rid, *args)
            t1 = time.perf_counter()
            lib.gdc_eval_n(row, gdcert._dptr(out), gdcert._dptr(x), N)
            t2 = time.perf_counter()
            tp, tc = min(tp, t1 - t0), min(tc, t2 - t1)
        print("%-14s %10.1f %10.1f %7.2f" % (rid, 1e9 * tp / N, 1e9 * tc / N, tp / tc))


if __name__ == "__main__":
    main()
