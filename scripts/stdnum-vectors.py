#!/usr/bin/env python3
"""Writes test/fixtures/_vectors/python-stdnum.json: random Verhoeff, Aadhaar, GSTIN and PAN
values with python-stdnum's verdicts, for test/schemas/pythonStdnum.test.ts to check ours against.

python-stdnum is an independent implementation (Debian/Ubuntu: apt-get install python3-stdnum;
or pip install python-stdnum). Run by hand from anywhere, with the python that has it:

    /usr/bin/python3 scripts/stdnum-vectors.py

The seed is fixed, so the same python-stdnum version writes the same file. Every verdict in the
file comes from python-stdnum; nothing here runs this project's code.
"""

import json
import random
from pathlib import Path

import stdnum
from stdnum import luhn, verhoeff
from stdnum.in_ import aadhaar, gstin, pan

SEED = 20240917
COUNT = 2000
OUT = Path(__file__).resolve().parent.parent / 'test' / 'fixtures' / '_vectors' / 'python-stdnum.json'

DIGITS = '0123456789'
LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
GSTIN_ALPHABET = DIGITS + LETTERS
HOLDER_TYPES = sorted(pan._pan_holder_types)
GST_STATE_CODES = sorted(gstin._STATE_CODES)

rng = random.Random(SEED)


def pick(text, count=1):
    return ''.join(rng.choice(text) for _ in range(count))


def with_verhoeff_digit(body):
    return body + verhoeff.calc_check_digit(body)


def mutate(value, alphabet):
    """One typing error: a character replaced by another of the alphabet, or two neighbours swapped."""
    index = rng.randrange(len(value))
    if rng.random() < 0.7 or index == len(value) - 1:
        replacement = rng.choice([char for char in alphabet if char != value[index]])
        return value[:index] + replacement + value[index + 1:]
    return value[:index] + value[index + 1] + value[index] + value[index + 2:]


def valid_pan():
    serial = '%04d' % rng.randint(1, 9999)
    return pick(LETTERS, 3) + rng.choice(HOLDER_TYPES) + pick(LETTERS) + serial + pick(LETTERS)


def valid_gstin(state_codes=GST_STATE_CODES):
    body = rng.choice(state_codes) + valid_pan() + pick(DIGITS[1:] + LETTERS) + 'Z'
    return body + luhn.calc_check_digit(body, GSTIN_ALPHABET)


def verhoeff_values():
    """12 digits, any first digit: half given their check digit, half random (a tenth of those valid by chance)."""
    values = []
    for index in range(COUNT):
        body = pick(DIGITS, 11)
        values.append(with_verhoeff_digit(body) if index % 2 == 0 else body + pick(DIGITS))
    return values


def aadhaar_values():
    """12 digits: valid numbers, valid check digits after a 0 or 1, typing errors of valid numbers, random digits."""
    values = []
    while len(values) < COUNT:
        kind = len(values) % 10
        if kind < 4:
            value = with_verhoeff_digit(pick('23456789') + pick(DIGITS, 10))
        elif kind == 4:
            value = with_verhoeff_digit(pick('01') + pick(DIGITS, 10))
        elif kind < 8:
            value = mutate(with_verhoeff_digit(pick('23456789') + pick(DIGITS, 10)), DIGITS)
        else:
            value = pick(DIGITS, 12)
        if value != value[::-1]:  # palindromes: see differences()
            values.append(value)
    return values


def gstin_values():
    """Valid GSTINs and one-character typing errors of valid GSTINs, half and half."""
    values = []
    for index in range(COUNT):
        value = valid_gstin()
        values.append(value if index % 2 == 0 else mutate(value, GSTIN_ALPHABET))
    return values


def pan_values():
    """Valid PANs, PANs whose fourth letter is any letter, and one-character typing errors of valid PANs."""
    values = []
    for index in range(COUNT):
        value = valid_pan()
        kind = index % 4
        if kind == 1:
            value = value[:3] + pick(LETTERS) + value[4:]
        elif kind >= 2:
            value = mutate(value, LETTERS if rng.random() < 0.5 else DIGITS)
        if value[5:9] != '0000':  # serial 0000: see differences()
            values.append(value)
    return values


def by_verdict(values, is_valid):
    unique = list(dict.fromkeys(values))
    return {
        'valid': [value for value in unique if is_valid(value)],
        'invalid': [value for value in unique if not is_valid(value)],
    }


def difference(set_name, value, is_valid, ours, reason):
    return {'set': set_name, 'value': value, 'stdnum': is_valid(value), 'ours': ours, 'reason': reason}


def differences():
    """Values where we mean to answer otherwise than python-stdnum, with the reason."""
    return [
        difference('aadhaar', '999999999999', aadhaar.is_valid, True,
                   'python-stdnum also refuses palindromes ("Aadhaar cannot be a palindrome"); our aadhaar definition '
                   'checks the format and the Verhoeff check digit only. Left out of the random values.'),
        difference('aadhaar', '2341 2341 2346', aadhaar.is_valid, False,
                   'python-stdnum removes spaces and dashes first; our field takes the 12 digits only.'),
        difference('pan', 'acupa7085r', pan.is_valid, False,
                   'python-stdnum upper-cases first; our definition wants upper case (the PAN input upper-cases as one types).'),
        difference('pan', 'AAAPK0000M', pan.is_valid, True,
                   'python-stdnum refuses serial 0000; our definition leaves it to the verification call, whose sandbox '
                   'answers "not valid" for exactly those PANs (README, sandbox test values). Left out of the random values.'),
        difference('gstin', valid_gstin(['38']), gstin.is_valid, True,
                   'state code 38 (Ladakh) is in use since 2020; the list of python-stdnum 1.18 stops at 37. '
                   'Our definition does not list state codes.'),
        difference('gstin', valid_gstin(['97']), gstin.is_valid, True,
                   'state code 97 (Other Territory) is in use; the list of python-stdnum 1.18 stops at 37.'),
    ]


def main():
    sets = {
        'verhoeff': {
            'ours': 'hasValidVerhoeffCheckDigit (schemas/keywords/verhoeff.ts)',
            'stdnum': 'stdnum.verhoeff.is_valid',
            **by_verdict(verhoeff_values(), verhoeff.is_valid),
        },
        'aadhaar': {
            'ours': 'the aadhaar definition (schemas/definitions.json)',
            'stdnum': 'stdnum.in_.aadhaar.is_valid',
            **by_verdict(aadhaar_values(), aadhaar.is_valid),
        },
        'gstin': {
            'ours': 'the gstin definition (schemas/definitions.json)',
            'stdnum': 'stdnum.in_.gstin.is_valid',
            **by_verdict(gstin_values(), gstin.is_valid),
        },
        'pan': {
            'ours': 'the pan definition (schemas/definitions.json)',
            'stdnum': 'stdnum.in_.pan.is_valid',
            **by_verdict(pan_values(), pan.is_valid),
        },
    }
    document = {
        '$comment': 'Generated by scripts/stdnum-vectors.py (do not edit by hand): python-stdnum verdicts, checked '
                    'against ours by test/schemas/pythonStdnum.test.ts. In "aadhaar", numbers that begin with 0 or 1 '
                    'are invalid for both, although their Verhoeff check digit is right ("verhoeff" has such values '
                    'as valid). "differences" lists where we mean to answer otherwise, and why.',
        'stdnum_version': stdnum.__version__,
        'seed': SEED,
        'sets': sets,
        'differences': differences(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(document, indent=1) + '\n')
    for name, vector_set in sets.items():
        print('%s: %d valid, %d invalid' % (name, len(vector_set['valid']), len(vector_set['invalid'])))
    print('wrote %s (python-stdnum %s)' % (OUT, stdnum.__version__))


if __name__ == '__main__':
    main()
