// SPDX-License-Identifier: GPL-3.0-or-later
// The module's one function is inline in its header; a C target needs a source file of its own.
#include "CPrefetch.h"
