#!/usr/bin/env bash
# Installs the official MCP Python SDK (PyPI's `mcp`, pinned) in .venv-mcp/, the client that
# tests/mcp_python_client_test.ts runs against /mcp. Needs python3 with venv and pip's index (on
# this project's machines, their local PyPI mirror that pip is set up with).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv-mcp
.venv-mcp/bin/pip install --quiet --disable-pip-version-check --retries 0 --timeout 20 "mcp==2.3.0"
.venv-mcp/bin/python -c "import importlib.metadata as m; print('mcp', m.version('mcp'), 'in .venv-mcp')"
