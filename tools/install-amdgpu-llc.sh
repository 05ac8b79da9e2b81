#!/bin/sh
# Optional part of the setup: an `llc` with the AMDGPU target, for the tests
# that assemble GFX9/GFX11 ISA (docs/lowering-rocdl.md). The PyPI LLVM has
# no AMDGPU target; Debian 12's `llvm-22` (bookworm-security, the same
# LLVM 22.1.8, about 20 MB) has. Installed with apt when run as root;
# otherwise, or if apt fails, it says so and those tests skip. Never fails.
if [ -x /usr/lib/llvm-22/bin/llc ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends llvm-22 >/dev/null; then
    echo "installed Debian's llvm-22: $(/usr/lib/llvm-22/bin/llc --version | grep -c amdgcn) AMDGPU target(s)"
    exit 0
  fi
fi
echo "note: no llc with the AMDGPU target (as root: apt-get install llvm-22);" \
     "the GFX ISA tests will be skipped"
exit 0
