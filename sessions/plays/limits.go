package plays

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"tablemate/scoring"
	"tablemate/sessions/internal/capped"
)

// Limits bound what a reader accepts from a file someone uploads. The zero
// value of a field means its DefaultLimits value.
type Limits struct {
	MaxBytes   int64 // the file's size
	MaxPlays   int   // plays in the file
	MaxPlayers int   // players in one play
	// MaxEntries bounds each of a BG Stats file's lists of players,
	// locations and games (a full BG Stats backup lists every game of the
	// collection, played or not).
	MaxEntries int
}

// DefaultLimits fit years of a group's history: a BG Stats backup of a few
// thousand plays is a few MiB. The server's body limit must allow MaxBytes
// on the route that takes these files.
var DefaultLimits = Limits{MaxBytes: 4 << 20, MaxPlays: 10_000, MaxPlayers: 100, MaxEntries: 20_000}

func (l Limits) orDefault() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxPlays <= 0 {
		l.MaxPlays = DefaultLimits.MaxPlays
	}
	if l.MaxPlayers <= 0 {
		l.MaxPlayers = DefaultLimits.MaxPlayers
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultLimits.MaxEntries
	}
	return l
}

// open caps r at the limit and drops a UTF-8 byte order mark.
func open(r io.Reader, l Limits) *bufio.Reader {
	br := bufio.NewReader(capped.New(r, l.MaxBytes))
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		br.Discard(3) //nolint:errcheck // peeked
	}
	return br
}

func tooLarge(l Limits) error {
	return scoring.Errorf("", "the file is larger than %s, the most Tablemate reads at once: export fewer plays into each file", size(l.MaxBytes))
}

// decodeError turns what a JSON or XML decoder answered into an InputError
// (syntax is "JSON" or "XML").
func decodeError(err error, l Limits, syntax string) error {
	var in *scoring.InputError
	var js *json.SyntaxError
	var xs *xml.SyntaxError
	switch {
	case errors.As(err, &in):
		return in
	case errors.Is(err, capped.ErrTooLarge):
		return tooLarge(l)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &xs) && strings.Contains(xs.Msg, "unexpected EOF"):
		return scoring.Errorf("", "the file ends in the middle of its %s", syntax)
	case errors.As(err, &js):
		return scoring.Errorf("", "the file is not valid JSON (at byte %d: %s)", js.Offset, strings.TrimPrefix(js.Error(), "json: "))
	case errors.As(err, &xs):
		return scoring.Errorf("", "the file is not valid XML (line %d: %s)", xs.Line, xs.Msg)
	}
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "json: "), "xml: ")
	return scoring.Errorf("", "the file could not be read: %s", msg)
}

func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Format is a file format the readers know.
type Format string

// The formats.
const (
	BGStats Format = "bgstats" // BG Stats play file (.bgsplay) or backup (BGStatsExport.json)
	BGG     Format = "bgg"     // BoardGameGeek XML API 2 plays
)

// Read tells a BG Stats file (JSON) from BoardGameGeek plays (XML) by
// their first character and reads it.
func (gs *Games) Read(r io.Reader, l Limits) (Format, []Play, error) {
	l = l.orDefault()
	br := open(r, l)
	for {
		b, err := br.Peek(1)
		if err != nil {
			if errors.Is(err, capped.ErrTooLarge) {
				return "", nil, tooLarge(l)
			}
			return "", nil, scoring.Errorf("", "the file is empty")
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			br.Discard(1) //nolint:errcheck // peeked
			continue
		case '{':
			p, err := gs.readBGStats(br, l)
			return BGStats, p, err
		case '<':
			p, err := gs.readBGG(br, l)
			return BGG, p, err
		}
		return "", nil, scoring.Errorf("", "this is neither a BG Stats file (.bgsplay, JSON) nor BoardGameGeek plays (XML)")
	}
}
