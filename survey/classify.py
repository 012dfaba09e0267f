"""Classifying hexes from their interior features, starting from a few samples per terrain type.

A Gaussian model with one covariance shared by all types, refined on the whole map (the samples
name the types; every hex then helps to say how far each type varies), with a smooth trend over
the map shared by all types (uneven lighting of a scan or photo). The confidence of a hex is the
model's probability of its type, lowered for a hex unlike every type, so the likely-wrong come first.
"""
from __future__ import annotations

import numpy as np
from scipy.special import logsumexp
from scipy.stats import chi2

ROUNDS = 4
SHRINK = 0.2  # of the shared covariance towards its diagonal: a few hundred hexes estimate 11x11 poorly
POOL = 30  # hexes' worth of the shared covariance in each type's


def classify(features: np.ndarray, xy: np.ndarray, samples: dict[int, list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """(type index per hex, confidence per hex) for ``features`` (n, f) at positions ``xy`` (n, 2);
    ``samples``: type index -> indexes of hexes known to be of that type."""
    n, nf = features.shape
    types = sorted(samples)
    scale = _robust_scale(features)
    x = features / scale
    basis = _trend_basis(xy)
    fixed = np.full(n, -1)
    for k, idx in samples.items():
        fixed[idx] = k
    means = np.stack([x[samples[k]].mean(axis=0) for k in types])
    trend = np.zeros((basis.shape[1], nf))
    covs = np.repeat(np.eye(nf)[None], len(types), axis=0)
    label = np.array(types)[np.argmin(_distances(x, means, covs)[0], axis=1)]
    for _ in range(ROUNDS):
        label[fixed >= 0] = fixed[fixed >= 0]
        means, trend, covs = _fit(x, basis, label, types, means)
        maha, logdet = _distances(x - basis @ trend, means, covs)
        best = np.argmin(maha + logdet[None, :], axis=1)
        label = np.array(types)[best]
    conf = _confidence(maha, logdet, best, nf)
    conf[fixed >= 0] = 1.0
    label[fixed >= 0] = fixed[fixed >= 0]
    return label, conf


def _robust_scale(features: np.ndarray) -> np.ndarray:
    med = np.median(features, axis=0)
    mad = np.median(np.abs(features - med), axis=0) * 1.4826
    return np.where(mad > 1e-6, mad, 1.0)


def _trend_basis(xy: np.ndarray) -> np.ndarray:
    """A quadratic surface over the map (no constant: the type means hold it)."""
    c = (xy - xy.mean(axis=0)) / max(float(np.ptp(xy)), 1.0)
    u, v = c[:, 0], c[:, 1]
    return np.stack([u, v, u * u, v * v, u * v], axis=1)


def _fit(x: np.ndarray, basis: np.ndarray, label: np.ndarray, types: list[int],
         prior: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Type means, the shared trend and each type's covariance (shrunk towards the shared one by
    :data:`POOL` hexes' worth, so a rare type is not judged on a handful of hexes)."""
    onehot = np.stack([label == k for k in types], axis=1).astype(np.float64)
    design = np.concatenate([onehot, basis], axis=1)
    coef, *_ = np.linalg.lstsq(design, x, rcond=None)
    means, trend = coef[:len(types)], coef[len(types):]
    counts = onehot.sum(axis=0)
    means[counts == 0] = prior[counts == 0]
    resid = x - design @ coef
    nf = x.shape[1]
    shared = resid.T @ resid / max(len(x) - len(types), 1)
    shared = (1 - SHRINK) * shared + SHRINK * np.diag(np.diag(shared)) + np.eye(nf) * 1e-3
    covs = np.empty((len(types), nf, nf))
    for i in range(len(types)):
        r = resid[onehot[:, i] > 0]
        covs[i] = (r.T @ r + POOL * shared) / (len(r) + POOL)
    return means, trend, covs


def _distances(x: np.ndarray, means: np.ndarray, covs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Squared Mahalanobis distance of every hex to every type, (n, k), and each type's log determinant."""
    out = np.empty((len(x), len(means)))
    logdet = np.empty(len(means))
    for i, (m, c) in enumerate(zip(means, covs)):
        diff = x - m
        out[:, i] = np.einsum("nf,fg,ng->n", diff, np.linalg.inv(c), diff)
        logdet[i] = np.linalg.slogdet(c)[1]
    return out, logdet


def _confidence(maha: np.ndarray, logdet: np.ndarray, best: np.ndarray, dof: int) -> np.ndarray:
    """The model's probability of the best type, times how typical the hex is of it (a chi-square
    tail, softened: a hex unlike every type is more often wrong than one between two types)."""
    logp = -0.5 * (maha + logdet[None, :])
    post = np.exp(logp[np.arange(len(best)), best] - logsumexp(logp, axis=1))
    typical = chi2.sf(maha[np.arange(len(best)), best], dof)
    return post * np.clip(typical, 1e-12, 1.0) ** 0.25
