package plays

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"tablemate/scoring"
)

// fuzzLimits keep generated inputs from taking long.
var fuzzLimits = Limits{MaxBytes: 64 << 10, MaxPlays: 50, MaxPlayers: 20, MaxEntries: 100}

func seedFiles(f *testing.F, fixture string, write func(io.Writer, []Play) error, extra ...string) {
	b, err := os.ReadFile("testdata/" + fixture)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	var buf bytes.Buffer
	if err := write(&buf, evening()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// mustBeInputError fails on any error a reader should not give: every
// refusal is an InputError saying what is wrong.
func mustBeInputError(t *testing.T, err error) {
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Message == "" {
		t.Fatalf("error %v (%T) is not an InputError", err, err)
	}
}

// fuzzRead reads generated data: plays or an InputError, never a panic;
// the plays read pass Validate and survive a round trip (format.through).
func fuzzRead(t *testing.T, f format, data []byte) {
	got, err := f.read(bytes.NewReader(data), fuzzLimits)
	if err != nil {
		mustBeInputError(t, err)
		return
	}
	if err := seven.Validate(got); err != nil {
		t.Fatalf("a play read does not validate: %v", err)
	}
	f.through(t, got)
}

// FuzzReadBGStats: whatever the file, the BG Stats reader answers plays
// that write back out and read back the same, or an InputError.
func FuzzReadBGStats(f *testing.F) {
	seedFiles(f, "bgstats-export.json", bgStatsFile.write,
		bgsFile(okPlay),
		`{"players":[{"uuid":"a","name":"Ann","isAnonymous":1},{"id":2,"name":"Bob"}],"games":[{"id":"7","bggName":"Cambio","highestWins":0}],"plays":[{"playDate":"2024-05-11T20:15:00Z","gameRefId":"7","playerScores":[{"playerRefId":"a","score":"-3+1"},{"playerRefId":"a","score":4.5},{"playerRefId":2,"rank":"2","seatOrder":1.0}]}]}`,
		`{"plays":[],"userInfo":{"meRefId":1}}`,
		`{"games":[{"uuid":"`+gameUUID(Game{Slug: "kodiak"})+`","name":"Kodiak","highestWins":false}],"players":[{"id":1,"name":"A"}],"plays":[{"playDate":"2024-01-01","gameRefId":"`+gameUUID(Game{Slug: "kodiak"})+`","playerScores":[{"playerRefId":1,"score":"12"}]}]}`,
	)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, bgStatsFile, data) })
}

// FuzzReadBGG: the same for BoardGameGeek play records.
func FuzzReadBGG(f *testing.F) {
	seedFiles(f, "bgg-plays.xml", bggFile.write,
		`<plays><play date="2024-05-11" quantity="1"><item name="Azul" objectid="230802"/><players><player name="" username="bob" score="3+4" win="1"/><player name="" score="x"/><player startposition="2" rating="7.5"/></players></play></plays>`,
		`<?xml version="1.0" encoding="utf-8"?><plays/>`,
		`<plays><play date="0000-00-00"><item name="a &amp; b"/><comments>x&#xD;&#xA;y</comments><comments>z</comments></play></plays>`,
	)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, bggFile, data) })
}

// TestHostileShapes: nesting far deeper than any real file and numbers
// far larger end in a refusal saying so, or, where the reader never looks
// (an element it skips), in the plays around them.
func TestHostileShapes(t *testing.T) {
	deep := strings.Repeat("[", 20_000) + strings.Repeat("]", 20_000)
	xdeep := strings.Repeat("<a>", 20_000) + strings.Repeat("</a>", 20_000)
	for name, c := range map[string]struct {
		bgg   bool
		file  string
		msg   string // "" when the file reads
		plays int
	}{
		"JSON nested in a skipped field":  {false, `{"plays":[],"x":` + deep + `}`, "exceeded max depth", 0},
		"JSON nested in a play":           {false, `{"plays":[{"metaData":` + deep + `}]}`, "exceeded max depth", 0},
		"a number of 5000 digits":         {false, bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"durationMin":` + strings.Repeat("9", 5000) + `}`), "must be a whole number", 0},
		"an id of 5000 digits":            {false, `{"players":[{"id":` + strings.Repeat("9", 5000) + `,"name":"A"}],"plays":[]}`, "must be a whole number", 0},
		"XML nested in a skipped element": {true, `<plays><x>` + xdeep + `</x></plays>`, "", 0},
		"XML nested in a play":            {true, `<plays><play date="2024-05-11"><item name="A"/>` + xdeep + `</play></plays>`, "", 1},
	} {
		var got []Play
		var err error
		if c.bgg {
			got, err = seven.ReadBGG(strings.NewReader(c.file), Limits{})
		} else {
			got, err = seven.ReadBGStats(strings.NewReader(c.file), Limits{})
		}
		var in *scoring.InputError
		switch {
		case c.msg == "" && (err != nil || len(got) != c.plays):
			t.Errorf("%s: %d plays, %v; want %d plays", name, len(got), err, c.plays)
		case c.msg != "" && (!errors.As(err, &in) || !strings.Contains(in.Message, c.msg)):
			t.Errorf("%s: %v (%T), want an InputError saying %q", name, err, err, c.msg)
		}
	}
}
