"""Unit tests of python/gdcert (run by tests/python/run.sh with GDCERT, GDCERT_LIB and PYTHONPATH set).

Expectations come from mathematics: h(0) = pi, h(pi) = 0 with h(pi - e) = e^3/3 + O(e^5), the ReLU NNGP kernel of a
vector with itself is |x|^2/2 and of anti-parallel vectors 0, Williams' kernel of x with itself is
(2/pi) asin(2|x|^2/(1 + 2|x|^2)), and the claims' own `expect` lines (written from the catalogues) for prove()."""
import math
import os
import unittest

import numpy as np

import gdcert

TOP = os.path.dirname(os.environ["GDCERT"])
SRC = os.environ.get("srcdir", ".")


def ulp(x):
    return math.ulp(abs(x))


class Eval(unittest.TestCase):
    def test_values_from_mathematics(self):
        h = gdcert.eval("relu.h", [0.0, math.pi, math.pi - 1e-6])
        self.assertLessEqual(abs(h[0] - math.pi), 2 * ulp(math.pi))            # target 2 units
        self.assertGreaterEqual(h[1], 0.0)
        self.assertLess(h[1], 1e-47)                                             # h(pi_double) = 6.1e-49
        e = math.pi - (math.pi - 1e-6)                                           # the double's pi - t, to 1e-22
        self.assertAlmostEqual(h[2] / (e ** 3 / 3), 1.0, delta=1e-9)
        step = gdcert.eval("relu.step", np.array([0.0, math.pi / 2]))
        self.assertEqual(step[0], 0.5)
        self.assertLessEqual(abs(step[1] - 0.25), ulp(0.25))

    def test_within_certified_ball(self):
        rng = np.random.default_rng(1)
        r, t = rng.uniform(0, 4, 50), rng.uniform(0, math.pi, 50)
        y = gdcert.eval("relu.loss", r, t)
        for k in range(0, 50, 7):
            (lo, hi), = gdcert.ball("relu.loss", r[k], t[k], as_float=True)
            slack = 8 * ulp(hi)  # target 4 units (the Delta of the measure is at least an ulp here)
            self.assertTrue(lo - slack <= y[k] <= hi + slack, (r[k], t[k], y[k], lo, hi))

    def test_shapes_and_broadcast(self):
        r = np.linspace(0.5, 2, 3).reshape(3, 1)
        t = np.linspace(0, 3, 4)
        self.assertEqual(gdcert.eval("relu.loss", r, t).shape, (3, 4))
        self.assertEqual(gdcert.eval("relu.grad", r, t).shape, (3, 4, 2))
        pts = np.stack(np.broadcast_arrays(r, t), axis=-1)
        np.testing.assert_array_equal(gdcert.eval("relu.loss", pts), gdcert.eval("relu.loss", r, t))
        self.assertEqual(gdcert.eval("relu.h", 1.0).shape, ())

    def test_domain_errors(self):
        with self.assertRaises(gdcert.DomainError):
            gdcert.eval("relu.h", [1.0, 4.0])
        with self.assertRaises(gdcert.DomainError):
            gdcert.eval("relu.h", float("nan"))
        with self.assertRaises(gdcert.DomainError):
            gdcert.eval("relu.angle_rate", 0.0, 1.0)  # r in (0, inf)
        with self.assertRaises(KeyError):
            gdcert.eval("relu.nope", 1.0)
        with self.assertRaises(TypeError):
            gdcert.eval("relu.loss", 1.0)


class Gram(unittest.TestCase):
    def test_relu(self):
        rng = np.random.default_rng(2)
        X = rng.normal(size=(8, 5))
        X[1] = 3 * X[0]
        X[2] = -2 * X[0]
        K = gdcert.gram("relu", X)
        self.assertFalse(np.isnan(K).any())
        n = np.sqrt((X * X).sum(axis=1))
        np.testing.assert_allclose(np.diag(K), n * n / 2, rtol=1e-15)
        self.assertLess(abs(K[0, 2]), 1e-40 * n[0] * n[2])
        np.testing.assert_allclose(K[0, 1], n[0] * n[1] / 2, rtol=1e-15)
        np.testing.assert_array_equal(K, K.T)
        Y = rng.normal(size=(3, 5))
        self.assertEqual(gdcert.gram("relu", X, Y).shape, (8, 3))

    def test_erf(self):
        X = np.array([[1.0, 2.0, 2.0], [0.0, 0.0, 0.0], [2.0, 4.0, 4.0]])
        E = gdcert.gram("erf", X)
        a2 = 9.0
        self.assertAlmostEqual(E[0, 0], 2 / math.pi * math.asin(2 * a2 / (1 + 2 * a2)), delta=1e-15)
        self.assertEqual(E[1, 0], 0.0)
        self.assertFalse(np.isnan(E).any())
        with self.assertRaises(ValueError):
            gdcert.gram("erf", X, np.ones((2, 4)))
        with self.assertRaises(KeyError):
            gdcert.gram("tanh", X)


    def test_deep(self):
        # depth L bias-free ReLU network, He scaling: rho = 1 at angle 0 in every layer (Sigma_L(x, x) = |x|^2,
        # Theta_L(x, x) = (L + 1) |x|^2); layer 1 is twice the one-layer kernel; anti-parallel inputs give
        # rho_1 = h(pi)/pi = 0 and rho_2 = kappa1(0) = 1/pi
        X = np.array([[1.0, 2.0, 2.0], [-2.0, -4.0, -4.0], [0.5, -1.0, 3.0]])
        n2 = (X * X).sum(axis=1)
        for L in (0, 1, 5, 200):
            S = gdcert.gram("relu.nngp", X, depth=L)
            T = gdcert.gram("relu.ntk", X, depth=L)
            self.assertFalse(np.isnan(S).any() or np.isnan(T).any())
            np.testing.assert_allclose(np.diag(S), n2, rtol=2e-16)
            np.testing.assert_allclose(np.diag(T), (L + 1) * n2, rtol=4e-16)
        np.testing.assert_allclose(gdcert.gram("relu.nngp", X, depth=1), 2 * gdcert.gram("relu", X), rtol=1e-15)
        self.assertLess(abs(gdcert.gram("relu.nngp", X, depth=1)[0, 1]), 1e-40)
        self.assertAlmostEqual(gdcert.gram("relu.nngp", X, depth=2)[0, 1], 3 * 6 / math.pi, delta=1e-14)
        out = gdcert.eval("relu.nngp", 0, 2.0, 3.0, 1.0)                      # L = 0: a b cos t, a b (1 - cos t)
        self.assertAlmostEqual(out[0], 6 * math.cos(1.0), delta=1e-15)
        self.assertAlmostEqual(out[1], 12 * math.sin(0.5) ** 2, delta=1e-15)
        with self.assertRaises(TypeError):
            gdcert.gram("relu.ntk", X)
        with self.assertRaises(ValueError):
            gdcert.gram("relu.nngp", X, depth=1001)


class BallProveRows(unittest.TestCase):
    def test_ball(self):
        (mid, rad), = gdcert.ball("relu.h", math.pi, digits=30)
        self.assertTrue(mid.startswith("6.12225339108924657"), mid)  # h(pi_double) = G3(1.2246e-16)
        self.assertLess(float(rad), 1e-70)
        (lo, hi), = gdcert.ball("relu.h", 0.0, as_float=True)
        self.assertTrue(lo <= math.pi + 1.3e-16 <= hi)  # h(0) = pi
        self.assertEqual(len(gdcert.ball("relu.hess_eig", 1.0, 1.0)), 3)
        with self.assertRaises(gdcert.DomainError):
            gdcert.ball("relu.h", -1.0)

    def test_prove(self):
        d = os.path.join(SRC, "proofs", "000_09c7d5b8511ab65b")
        for name, verdict in [("c8_c3_positive.claim", "HOLDS"), ("b16_lemma63_as_printed.claim", "FAILS")]:
            path = os.path.join(d, name)
            with open(path) as f:  # the claim's own expectation (written from the catalogue)
                expect = [l.split()[1] for l in f if l.startswith("expect ")][0]
            self.assertEqual(expect, verdict.lower())
            res = gdcert.prove(path)
            self.assertEqual(res["verdict"], verdict)
            self.assertTrue(res["expect_ok"])
        with self.assertRaises(ValueError):
            gdcert.prove(os.path.join(SRC, "README.md"))

    def test_rows(self):
        rows = gdcert.rows()
        ids = [r["id"] for r in rows]
        self.assertEqual(len(ids), len(set(ids)))
        self.assertIn("relu.h", ids)
        h = gdcert.row("relu.h")
        self.assertEqual(h["args"], [{"name": "t", "domain": "[0, pi]", "integer": False}])
        self.assertEqual(h["max_err"], 2.0)


if __name__ == "__main__":
    unittest.main()
