"""Write the WebAssembly module as a script that sets BCX_EXPLORE_WASM to
its bytes in base64: a page opened from file:// may run scripts beside it
but not fetch the .wasm file."""
import base64
import sys

with open(sys.argv[1], "rb") as f:
    data = base64.b64encode(f.read()).decode("ascii")
with open(sys.argv[2], "w", encoding="ascii") as f:
    f.write("// Generated from bcx_explore.wasm by web/wasm/embed.py.\n")
    f.write('var BCX_EXPLORE_WASM = "%s";\n' % data)
