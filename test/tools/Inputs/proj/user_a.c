#include "shared.h"

void user_a(void) { shared_leak(1); }
