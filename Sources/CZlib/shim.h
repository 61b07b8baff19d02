// SPDX-License-Identifier: GPL-3.0-or-later
// zlib (gzip streams of compressed result files); Debian's zlib1g-dev.
#include <zlib.h>
