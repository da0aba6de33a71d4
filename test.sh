#!/usr/bin/env bash
# Runs every test: unit tests of each module, then the Arquillian integration tests, which start their own
# Open Liberty server (port 9181) against a fresh PostgreSQL database "warden_it" on 127.0.0.1:5432.
set -euo pipefail
cd "$(dirname "$0")"
exec mvn -B verify "$@"
