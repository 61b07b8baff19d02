#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs a built beaconsim under a prefix: the binary, its man page (generated from the command's
# own help by swift-argument-parser's generate-manual) and bash, zsh and fish completions (from
# `beaconsim --generate-completion-script`). Used by `make install PREFIX=… [DESTDIR=…]`.
#   scripts/install.sh PREFIX BINARY GENERATE_MANUAL
set -euo pipefail
prefix=$1 binary=$2 generate_manual=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
# Stripped: the symbol tables are most of an unstripped Swift binary's size (BEACONSIM_NO_STRIP=1 keeps them).
if [ "${BEACONSIM_NO_STRIP:-0}" = 1 ]; then
    install -m 755 "$binary" "$prefix/bin/beaconsim"
else
    install -m 755 -s "$binary" "$prefix/bin/beaconsim"
fi
# The manual's date is the last commit's (the same sources give the same page), else today.
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
"$generate_manual" "$binary" --date "$date" --output-directory "$work"
# The generated EXIT STATUS section is generic ("exits 0 on success, and >0 if an error occurs"):
# replace it with the statuses every command uses.
awk '
    /^\.Sh "?EXIT STATUS"?$/ { print; print ".Bl -tag -width 3n"; n = split("0|success;1|a claim failed (check, sweep, merge of a failing check or sweep), or the controller stopped answering (listen, advertise);2|bad input or usage: a scenario or capture with errors, an unknown option, a file that cannot be read or written;130|interrupted by Ctrl-C (SIGINT) after writing what finished;143|terminated by SIGTERM (a batch scheduler time limit) after writing what finished", items, ";"); for (i = 1; i <= n; i++) { split(items[i], f, "|"); print ".It " f[1]; print f[2] } print ".El"; skip = 1; next }
    skip && /^\.Sh / { skip = 0 }
    !skip { print }
' "$work/beaconsim.1" >"$work/beaconsim.1.fixed"
mv "$work/beaconsim.1.fixed" "$work/beaconsim.1"
install -m 644 "$work/beaconsim.1" "$prefix/share/man/man1/beaconsim.1"
"$binary" --generate-completion-script bash >"$work/beaconsim.bash"
"$binary" --generate-completion-script zsh >"$work/_beaconsim"
"$binary" --generate-completion-script fish >"$work/beaconsim.fish"
install -m 644 "$work/beaconsim.bash" "$prefix/share/bash-completion/completions/beaconsim"
install -m 644 "$work/_beaconsim" "$prefix/share/zsh/site-functions/_beaconsim"
install -m 644 "$work/beaconsim.fish" "$prefix/share/fish/vendor_completions.d/beaconsim.fish"
echo "installed beaconsim $("$prefix/bin/beaconsim" --version) in $prefix/bin (man page and completions under $prefix/share)"
