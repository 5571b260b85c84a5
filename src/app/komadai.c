/* placeholder main: replaced by the REPL and script runner */
#include <stdio.h>
int main(void) { puts("komadai: not built yet"); return 0; }
