package sessions

import (
	"errors"
	"fmt"
	"hash/crc32"
)

// The snapshot codec: a table as Replay builds it, written as one part
// (a base: the whole table) or as the part since an earlier head (a
// delta: the events since, the games they changed, the events in effect
// pushed since, and the table's small state whole). Loading applies the
// parts in order and gives the table Replay would give at the last
// part's head (snapshot_test.go holds it to that for every kind of event
// and game). snapencode.go writes a part, snapdecode.go reads one.
//
// The encoding is binary and compact: numbers as varints, every string
// once in a table at the part's start, every score line once in a table
// of lines (a round's lines are the same lines its game's result holds),
// every game once in a pool (a game recorded and still the table's game
// is one game). Bytes of payloads and states are read in place from the
// part, not copied.
//
// snapshotVersion names the encoding and what it encodes: change it with
// every change to the table's derived state (the fields of Table, Game,
// LogEntry, effect … and what replay puts in them; TestSnapshotCoversTable
// lists them) and a snapshot made before is never read: the tables are
// replayed from their logs and snapshotted again.
const snapshotVersion = 12

// snapMagic starts every part.
const snapMagic = "tmsnap"

var errSnapshot = errors.New("snapshot unreadable")

// errChoseNone is a game chosen that names no engine.
var errChoseNone = fmt.Errorf("%w: it chose no game", errSnapshot)

// castagnoli checksums a part's body.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)
