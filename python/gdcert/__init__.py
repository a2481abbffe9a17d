"""gdcert from Python: the verified closed forms of gdcert's registry over numpy arrays.

    import numpy as np, gdcert
    gdcert.eval("relu.h", np.linspace(0, np.pi, 5))      # double kernels, elementwise over broadcast arrays
    gdcert.gram("relu", X1, X2)                         # NNGP Gram matrix (Kahan angles, exact diagonal)
    gdcert.gram("relu.ntk", X1, X2, depth=3)            # NTK of a depth-3 ReLU network (also "relu.nngp")
    gdcert.ball("relu.h", 3.0)                          # certified enclosure [(mid, rad)] as decimal strings
    gdcert.prove("claim.claim")                         # the prover's verdict as a dict
    gdcert.rows()                                       # the registry listing

The module calls libgdcert through ctypes (no compiled extension). The library is found through $GDCERT_LIB, then the
directory it was installed to, then the system's search path; the `gdcert` program (for prove) through $GDCERT, the
installed bindir, then PATH.
"""
import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess

import numpy as np

try:
    from . import _paths  # written by make: LIBDIR and BINDIR of the installation
except ImportError:  # the source tree without a build
    _paths = None

__all__ = ["eval", "gram", "ball", "prove", "rows", "row", "DomainError"]


class DomainError(ValueError):
    """A point outside a row's domain (the message names the point and the domain)."""


def _load():
    names = []
    if os.environ.get("GDCERT_LIB"):
        names.append(os.environ["GDCERT_LIB"])
    if _paths is not None:
        names.append(os.path.join(_paths.LIBDIR, "libgdcert.so"))
    found = ctypes.util.find_library("gdcert")
    if found:
        names.append(found)
    for n in names:
        try:
            return ctypes.CDLL(n)
        except OSError:
            continue
    raise ImportError("libgdcert not found: set GDCERT_LIB to the path of libgdcert.so (tried %s)" % names)


_lib = _load()
_P = ctypes.c_void_p
_D = ctypes.POINTER(ctypes.c_double)
for _name, _res, _args in [
    ("gdc_registry_count", ctypes.c_size_t, []),
    ("gdc_registry_row", _P, [ctypes.c_size_t]),
    ("gdc_registry_find", _P, [ctypes.c_char_p]),
    ("gdc_row_id", ctypes.c_char_p, [_P]),
    ("gdc_row_summary", ctypes.c_char_p, [_P]),
    ("gdc_row_source", ctypes.c_char_p, [_P]),
    ("gdc_row_nargs", ctypes.c_int, [_P]),
    ("gdc_row_nout", ctypes.c_int, [_P]),
    ("gdc_row_max_err", ctypes.c_double, [_P]),
    ("gdc_row_output", ctypes.c_char_p, [_P, ctypes.c_int]),
    ("gdc_row_arg_name", ctypes.c_char_p, [_P, ctypes.c_int]),
    ("gdc_row_arg_integer", ctypes.c_int, [_P, ctypes.c_int]),
    ("gdc_row_arg_domain", None, [_P, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t]),
    ("gdc_eval_n", None, [_P, _D, _D, ctypes.c_size_t]),
    ("gdc_eval_n_checked", ctypes.c_size_t, [_P, _D, _D, ctypes.c_size_t]),
    ("gdc_eval_soa_checked", ctypes.c_size_t, [_P, ctypes.POINTER(_D), ctypes.POINTER(_D), ctypes.c_size_t]),
    ("gdc_eval_ball", ctypes.c_int, [_P, _D, ctypes.c_long, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, _D, _D]),
    ("gdc_relu_gram", ctypes.c_int, [_D, _D, ctypes.c_size_t, _D, ctypes.c_size_t, ctypes.c_size_t]),
    ("gdc_erf_gram", ctypes.c_int, [_D, _D, ctypes.c_size_t, _D, ctypes.c_size_t, ctypes.c_size_t]),
    ("gdc_relu_nngp_gram", ctypes.c_int,
     [_D, _D, ctypes.c_size_t, _D, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int]),
    ("gdc_relu_ntk_gram", ctypes.c_int,
     [_D, _D, ctypes.c_size_t, _D, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int]),
]:
    _f = getattr(_lib, _name)
    _f.restype = _res
    _f.argtypes = _args


def _dptr(a):
    return a.ctypes.data_as(_D)


def _find(id):
    r = _lib.gdc_registry_find(id.encode())
    if not r:
        raise KeyError("unknown registry id %r (gdcert.rows() lists them)" % id)
    return r


def _domain(r, j):
    buf = ctypes.create_string_buffer(128)
    _lib.gdc_row_arg_domain(r, j, buf, 128)
    return buf.value.decode()


def _describe(r):
    nargs, nout = _lib.gdc_row_nargs(r), _lib.gdc_row_nout(r)
    return {
        "id": _lib.gdc_row_id(r).decode(),
        "summary": _lib.gdc_row_summary(r).decode(),
        "args": [{"name": _lib.gdc_row_arg_name(r, j).decode(), "domain": _domain(r, j),
                  "integer": bool(_lib.gdc_row_arg_integer(r, j))} for j in range(nargs)],
        "outputs": [_lib.gdc_row_output(r, k).decode() for k in range(nout)],
        "source": _lib.gdc_row_source(r).decode(),
        "max_err": _lib.gdc_row_max_err(r),
    }


def rows():
    """The registry: a list of dicts (id, summary, args with name/domain/integer, outputs, source, max_err)."""
    return [_describe(_lib.gdc_registry_row(i)) for i in range(_lib.gdc_registry_count())]


def row(id):
    """One registry row as a dict (see rows())."""
    return _describe(_find(id))


def _columns(r, args):
    """the arguments as nargs contiguous float64 arrays of one shape (no copy when they already are), and the shape"""
    id, nargs = _lib.gdc_row_id(r).decode(), _lib.gdc_row_nargs(r)
    if len(args) == 1 and nargs > 1:
        x = np.asarray(args[0], dtype=np.float64)
        if x.shape[-1:] != (nargs,):
            raise TypeError("%s takes %d arguments: pass them separately or as an array of shape (..., %d)"
                            % (id, nargs, nargs))
        args = [x[..., j] for j in range(nargs)]
    elif len(args) != nargs:
        raise TypeError("%s takes %d arguments, %d given" % (id, nargs, len(args)))
    cols = [np.asarray(a, dtype=np.float64) for a in args]
    shape = cols[0].shape
    if any(c.shape != shape for c in cols):
        shape = np.broadcast_shapes(*[c.shape for c in cols])
        cols = [np.broadcast_to(c, shape) for c in cols]
    return [np.ascontiguousarray(c).reshape(-1) for c in cols], shape


def eval(id, *args):
    """Double kernel of row `id` elementwise: eval("relu.loss", r, t) with arrays (broadcast) or scalars, or one array
    of shape (..., nargs). Returns an array of the broadcast shape, with a last axis of length nout when the row has
    several outputs. Raises DomainError for a point outside the domain."""
    r = _find(id)
    cols, shape = _columns(r, args)
    n, nout = cols[0].size, _lib.gdc_row_nout(r)
    outs = [np.empty(n, dtype=np.float64) for _ in range(nout)]
    xp = (_D * len(cols))(*[_dptr(c) for c in cols])
    op = (_D * nout)(*[_dptr(o) for o in outs])
    done = _lib.gdc_eval_soa_checked(r, op, xp, n)
    if done != n:
        d = _describe(r)
        bad = ", ".join("%s = %r in %s" % (a["name"], float(c[done]), a["domain"]) for a, c in zip(d["args"], cols))
        raise DomainError("%s: point %d outside the domain (%s)" % (id, done, bad))
    if nout == 1:
        return outs[0].reshape(shape)
    return np.stack(outs, axis=-1).reshape(shape + (nout,))


def gram(kernel, X1, X2=None, depth=None):
    """Gram matrix between the rows of X1 (n1 x d) and X2 (n2 x d; default X1). kernel "relu" (E[relu(w.x) relu(w.y)])
    or "erf" (Williams' arcsine kernel), w ~ N(0, I_d): the NNGP kernel of one hidden layer; "relu.nngp" or "relu.ntk"
    with depth=L (0 <= L <= 1000): the NNGP or NTK kernel of a bias-free ReLU network with L hidden layers and weights
    N(0, 2/fan-in) (the registry rows of those names). Angles by Kahan's formula: the diagonal is exact and parallel
    rows give no NaN."""
    deep = {"relu.nngp": _lib.gdc_relu_nngp_gram, "relu.ntk": _lib.gdc_relu_ntk_gram}
    fn = {"relu": _lib.gdc_relu_gram, "erf": _lib.gdc_erf_gram}.get(kernel) or deep.get(kernel)
    if fn is None:
        raise KeyError("unknown kernel %r: 'relu', 'erf', 'relu.nngp' or 'relu.ntk'" % kernel)
    if (kernel in deep) != (depth is not None):
        raise TypeError("depth=L is required for 'relu.nngp' and 'relu.ntk' and accepted only for them")
    if depth is not None and (int(depth) != depth or not 0 <= depth <= 1000):
        raise ValueError("depth must be an integer in [0, 1000], not %r" % (depth,))
    A = np.ascontiguousarray(np.atleast_2d(np.asarray(X1, dtype=np.float64)))
    B = A if X2 is None else np.ascontiguousarray(np.atleast_2d(np.asarray(X2, dtype=np.float64)))
    if A.ndim != 2 or B.ndim != 2 or A.shape[1] != B.shape[1] or A.shape[1] == 0:
        raise ValueError("X1 and X2 must be 2-D with the same number d >= 1 of columns")
    K = np.empty((A.shape[0], B.shape[0]), dtype=np.float64)
    extra = () if depth is None else (int(depth),)
    if fn(_dptr(K), _dptr(A), A.shape[0], _dptr(B), B.shape[0], A.shape[1], *extra) != 0:
        raise MemoryError("gram: out of memory")
    return K


def ball(id, *args, digits=20, as_float=False):
    """Certified enclosure of every output of row `id` at one point (doubles, taken exactly): a list, one entry per
    output, of (mid, rad) decimal strings (the value lies in mid +- rad), or with as_float=True of (lo, hi) doubles
    rounded outward."""
    r = _find(id)
    nargs, nout = _lib.gdc_row_nargs(r), _lib.gdc_row_nout(r)
    x = np.asarray(args, dtype=np.float64).reshape(-1)
    if x.size != nargs:
        raise TypeError("%s takes %d arguments, %d given" % (id, nargs, x.size))
    x = np.ascontiguousarray(x)
    size = 64 + 2 * int(digits)
    mid, rad = ctypes.create_string_buffer(size * nout), ctypes.create_string_buffer(size * nout)
    lo, hi = np.empty(nout), np.empty(nout)
    st = _lib.gdc_eval_ball(r, _dptr(x), int(digits), mid, rad, size, _dptr(lo), _dptr(hi))
    if st == 2:
        raise DomainError("%s: (%s) outside the domain" % (id, ", ".join(repr(float(v)) for v in x)))
    if as_float:
        return [(float(lo[k]), float(hi[k])) for k in range(nout)]
    def part(buf, k):
        return buf.raw[k * size:(k + 1) * size].split(b"\0", 1)[0].decode()
    return [(part(mid, k), part(rad, k)) for k in range(nout)]


def _program():
    cands = [os.environ.get("GDCERT")]
    if _paths is not None:
        cands.append(os.path.join(_paths.BINDIR, "gdcert"))
    cands.append(shutil.which("gdcert"))
    for c in cands:
        if c and os.access(c, os.X_OK):
            return c
    raise FileNotFoundError("the gdcert program was not found: set GDCERT to its path")


def prove(path, *options):
    """Decide a claim file with `gdcert prove --json` (options as strings, e.g. "--max-boxes", "1000"); returns the
    verdict as a dict (the JSON object of gdcert-prove(1)). Raises ValueError for a parse or usage error."""
    p = subprocess.run([_program(), "prove", "--json", *options, os.fspath(path)], capture_output=True, text=True)
    if p.returncode == 2:
        raise ValueError(p.stderr.strip() or "gdcert prove: usage or parse error")
    return json.loads(p.stdout)
