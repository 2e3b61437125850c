// Package tierfile stores solved tiers on disk: one file per tier, holding
// each state's values (floats or exact rationals) and its chosen action,
// checked by checksums so that a torn or corrupted file is never read as
// values, and a directory that records which game and parameters its
// tiers belong to.
//
// A tiered solve (GamesmanOne's term) splits a game's states into tiers
// with no move from a tier to an earlier one, and solves the last tier
// first: each tier reads only the values of tiers already solved. Keeping
// every solved tier in a file lets a solve stop and resume from its last
// complete tier, and lets a query read one state's value without solving
// anything.
//
// # The file
//
// A tier file is written whole, by Write, to a temporary name in the
// directory, synced, and renamed over the final name, so that a file with
// the final name is always complete; a crash leaves at most a temporary
// file, which Dir.Clean removes. Its layout, all integers little-endian:
//
//	header    magic "GSTIER01", the header's length, then its fields:
//	          kind (1 float, 2 exact), values per state, tier, states,
//	          the game's fingerprint (SHA-256 of its description), and
//	          the description itself
//	keys      the states' keys (the rules' dense index), uint64, ascending
//	actions   the chosen action of each state, int32 (-1 for none)
//	values    float: states × width float64; exact: states × width + 1
//	          uint64 offsets into a blob of the values as "p/q" text
//	trailer   a CRC-32C (Castagnoli) of each 64 KiB block of the file
//	          before the trailer, their count, a CRC-32C of the table,
//	          and the magic "GSTIEND1"
//
// Open checks the header and the trailer. Lookup finds a key by binary
// search, reading and checking only the blocks it touches, so a query of
// a tier of millions of states reads a few hundred kilobytes. Verify and
// Each check every block. A mismatch is an error wrapping ErrCorrupt.
//
// CRC-32C detects every burst error of up to 32 bits and, for a 64 KiB
// block, any other error with probability 1 − 2^-32; it guards against
// torn writes and media errors, not against an adversary, which a local
// cache of one's own solves does not need to.
package tierfile
