/* SPDX-License-Identifier: BSD-2-Clause */
/* Placeholder replaced below. */
#include "tests/target/tests.h"

const struct target_test tests_security[] = {};
const unsigned int tests_security_count = 0;
