"""Records the libbcx to load (BCX_LIBRARY at install time) in bcx/_libpath.py.

Everything else is in pyproject.toml. Without BCX_LIBRARY the installed
package looks for the library at import time (bcx/_lib.py says where).
"""
import os

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_libpath(build_py):
    def run(self):
        super().run()
        lib = os.environ.get("BCX_LIBRARY", "")
        target = os.path.join(self.build_lib, "bcx", "_libpath.py")
        with open(target, "w", encoding="utf-8") as f:
            f.write('"""The libbcx this package was installed with (BCX_LIBRARY)."""\n')
            f.write(f"LIBRARY = {os.path.abspath(lib) if lib else ''!r}\n")


setup(cmdclass={"build_py": build_py_with_libpath})
