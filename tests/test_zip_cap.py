"""Zips measured before they are read (issue 35, item 9).

A zip's member count is read from its end records before ``zipfile`` lists a member: a
zip over the cap is refused in one line, and ``zipfile`` never sees it.
"""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import pytest
from conftest import make_zip, solution_bytes

from checker import manifest
from checker.engine import submission, ziptail

FILES = [e.file for e in manifest.load()]


# ------------------------------------------------------ zips capped early
def _refuse_zipfile(monkeypatch, archive: Path) -> None:
    real = zipfile.ZipFile

    def guarded(file, *args, **kwargs):
        assert Path(file) != archive, "zipfile listed the members of a zip over the cap"
        return real(file, *args, **kwargs)

    monkeypatch.setattr(zipfile, "ZipFile", guarded)


def test_a_zip_with_too_many_members_is_refused_before_zipfile_reads_it(tmp_path,
                                                                       monkeypatch):
    archive = make_zip(tmp_path / "many.zip", {f"m{i}.txt": b"" for i in range(300)})
    monkeypatch.setattr(submission, "MAX_ZIP_MEMBERS", 100)
    _refuse_zipfile(monkeypatch, archive)
    with pytest.raises(submission.SubmissionError) as caught:
        submission.load(archive)
    message = str(caught.value)
    assert "too many members" in message and "100" in message and "\n" not in message
    assert submission.find(archive) == [archive]  # graded as one, whose row says why


def test_a_zip_that_understates_its_members_is_counted_from_its_directory(tmp_path,
                                                                         monkeypatch):
    archive = make_zip(tmp_path / "forged.zip", {f"m{i}.txt": b"" for i in range(300)})
    data = bytearray(archive.read_bytes())
    at = data.rfind(ziptail.EOCD_SIG)
    struct.pack_into("<HH", data, at + 8, 1, 1)  # the record claims one member
    archive.write_bytes(bytes(data))
    monkeypatch.setattr(submission, "MAX_ZIP_MEMBERS", 100)
    _refuse_zipfile(monkeypatch, archive)
    with pytest.raises(submission.SubmissionError, match="too many members"):
        submission.load(archive)


def test_an_end_record_claiming_a_million_members_is_refused(tmp_path, monkeypatch):
    """ZIP64: the end record says 0xFFFF and its ZIP64 record holds the real count."""
    archive = tmp_path / "claims.zip"
    record = struct.pack("<4sQHHIIQQQQ", ziptail.EOCD64_SIG, 44, 45, 45, 0, 0,
                         1_000_000, 1_000_000, 46 * 1_000_000, 0)
    locator = struct.pack("<4sIQI", ziptail.LOCATOR_SIG, 0, 0, 1)
    eocd = struct.pack("<4sHHHHIIH", ziptail.EOCD_SIG, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF,
                       0xFFFFFFFF, 0)
    archive.write_bytes(record + locator + eocd)
    _refuse_zipfile(monkeypatch, archive)
    with pytest.raises(submission.SubmissionError, match="1000000 or more"):
        submission.load(archive)


def test_a_zip_under_the_cap_still_opens(tmp_path, monkeypatch):
    archive = make_zip(tmp_path / "few.zip", {f: solution_bytes(f) for f in FILES})
    monkeypatch.setattr(submission, "MAX_ZIP_MEMBERS", len(FILES))
    assert sorted(submission.load(archive).sources) == sorted(FILES)
