/* komadai's version: the one place it is written.  The USI engine's "id name",
 * the CSA server's %%VERSION answer, `komadai -v` and shogi.core.version read
 * it; the Makefile reads it too (`make version`, the install's name). */
#ifndef SG_VERSION_H
#define SG_VERSION_H

#define SG_VERSION "0.1.0"

#endif
