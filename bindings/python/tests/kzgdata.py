"""Inputs for the bad-input, thread and API tests: random canonical blobs
and the kinds of invalid bytes the specs reject."""

import random
from typing import List

import fastkzg

#: The BLS12-381 scalar field modulus r (big-endian): the smallest
#: non-canonical field element.
BLS_MODULUS = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
#: The base field modulus p.
P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB

MODULUS_BYTES = BLS_MODULUS.to_bytes(32, "big")
G1_INFINITY = bytes([0xC0]) + bytes(47)


def random_blob(seed: int) -> bytes:
    """A blob of uniformly random canonical field elements."""
    rng = random.Random(seed)
    return b"".join(
        rng.randrange(BLS_MODULUS).to_bytes(32, "big") for _ in range(fastkzg.FIELD_ELEMENTS_PER_BLOB)
    )


def with_element(data: bytes, element: int, value: bytes = MODULUS_BYTES) -> bytes:
    """`data` with field element `element` replaced (by r: non-canonical)."""
    return data[: 32 * element] + value + data[32 * (element + 1) :]


def _compressed(x: int) -> bytes:
    return (x | (1 << 383)).to_bytes(48, "big")


def _is_square(v: int) -> bool:
    return pow(v % P, (P - 1) // 2, P) in (0, 1)


def _x_with(on_curve: bool) -> int:
    return next(x for x in range(1, 1000) if _is_square(x**3 + 4) == on_curve)


#: A compressed encoding whose x gives no point on the curve.
NOT_ON_CURVE = _compressed(_x_with(on_curve=False))
#: A point on the curve outside the prime-order subgroup.
NOT_IN_SUBGROUP = _compressed(_x_with(on_curve=True))
#: The compression flag missing.
NO_COMPRESSION_FLAG = bytes([0x00]) + bytes(47)
#: x >= p.
X_TOO_LARGE = _compressed(P)
#: Infinity with a stray bit set.
BAD_INFINITY = G1_INFINITY[:-1] + b"\x01"

INVALID_POINTS = {
    "not_on_curve": NOT_ON_CURVE,
    "not_in_subgroup": NOT_IN_SUBGROUP,
    "invalid_encoding": NO_COMPRESSION_FLAG,
    "x_too_large": X_TOO_LARGE,
    "bad_infinity": BAD_INFINITY,
}


def indices(n: int) -> List[int]:
    return list(range(n))
