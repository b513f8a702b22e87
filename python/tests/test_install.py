"""pip install of the package into a fresh virtual environment, offline,
with Debian's setuptools (docs/python.md, "Installing")."""
import os
import subprocess
import sys

import pytest

import bcx

PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHEELS = "/usr/share/python-wheels"
pytestmark = pytest.mark.slow


def _venv(tmp_path, system_site):
    if subprocess.run([sys.executable, "-m", "venv", "--help"],
                      capture_output=True).returncode != 0:
        pytest.skip("python3 -m venv is not available (Debian: python3-venv)")
    env_dir = tmp_path / "venv"
    args = [sys.executable, "-m", "venv"] + (["--system-site-packages"] if system_site else [])
    r = subprocess.run(args + [str(env_dir)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"python3 -m venv failed (Debian: python3-venv): {r.stderr.decode()}")
    return env_dir


def _check(env_dir, tmp_path, pip_args, env):
    py = str(env_dir / "bin" / "python")
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-index", *pip_args, PKG],
                       capture_output=True, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    env = {k: v for k, v in env.items() if k not in ("BCX_LIBRARY", "PYTHONPATH")}
    code = ("import bcx, sys; m = bcx.open(sys.argv[1]); "
            "print(bcx.library_path); print(list(m.functions))")
    r = subprocess.run([py, "-c", code, os.path.join(os.path.dirname(PKG), "examples",
                                                     "vadd.tileirbc")],
                       capture_output=True, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stderr.decode()
    lines = r.stdout.decode().splitlines()
    assert os.path.realpath(lines[0]) == os.path.realpath(bcx.library_path)
    assert lines[1] == "['vadd']"
    assert str(env_dir) in subprocess.run(
        [py, "-c", "import bcx; print(bcx.__file__)"], capture_output=True, env=env,
        cwd=tmp_path).stdout.decode()


def _env():
    env = dict(os.environ, BCX_LIBRARY=os.path.realpath(bcx.library_path), PIP_FIND_LINKS="")
    env.pop("PYTHONPATH", None)
    return env


def test_system_site_packages(tmp_path):
    """python3 -m venv --system-site-packages, pip install --no-build-isolation."""
    r = subprocess.run([sys.executable, "-c", "import setuptools, wheel"], capture_output=True)
    if r.returncode != 0:
        pytest.skip("setuptools or wheel missing (Debian: python3-setuptools python3-wheel)")
    _check(_venv(tmp_path, True), tmp_path, ["--no-build-isolation"], _env())


def test_plain_venv_with_debian_wheels(tmp_path):
    """A plain venv: setuptools and wheel from Debian's *-whl packages."""
    have = os.listdir(WHEELS) if os.path.isdir(WHEELS) else []
    if not any(w.startswith("setuptools-") for w in have) or \
            not any(w.startswith("wheel-") for w in have):
        pytest.skip(f"no setuptools and wheel wheels in {WHEELS} "
                    "(Debian: python3-setuptools-whl python3-wheel-whl)")
    _check(_venv(tmp_path, False), tmp_path, ["--find-links", WHEELS], _env())
