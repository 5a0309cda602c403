#include "shared.h"

void user_b(void) { shared_leak(2); }
