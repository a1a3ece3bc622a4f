package plays

import (
	"bytes"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func known(slug string) Game {
	g, ok := seven.KnownGame(slug)
	if !ok {
		panic(slug)
	}
	return g
}

// evening is the plays both round trips carry: names with umlauts, Polish
// letters, quotes and XML's special characters, negative scores, ties
// with several winners and shared ranks, games won by the fewest points,
// a game that is not one of the seven, a score that is not a whole number,
// a player without a score, and every field the model has.
func evening() []Play {
	return []Play{
		{
			ID: "table/7f3a/game/1", Game: known("koffer-katze-sombrero"), Played: at("2024-05-11 20:15"), Minutes: 25,
			Location: "Küche bei Jürgen", Comments: "Erste Runde.\nZoë gewinnt knapp & \"verdient\".",
			Players: []Player{
				{Name: "Jürgen", Score: Int(87), Rank: 2, Seat: 1, StartPlayer: true},
				{Name: "Zoë", Score: Int(89), Rank: 1, Seat: 2, Winner: true, New: true},
				{Name: "Łucja Żółć", Score: Int(-3), Rank: 3, Seat: 3},
			},
		},
		{
			ID: "table/7f3a/game/2", Game: known("kodiak"), Played: at("2024-05-11 21:05"), Minutes: 40, Rounds: 6,
			Location: "Küche bei Jürgen",
			Players: []Player{
				{Name: "Jürgen", Score: Int(12), Rank: 1, Winner: true},
				{Name: "Zoë", Score: Int(12), Rank: 1, Winner: true},
				{Name: `Tom "Ace" O'Brien`, Score: Int(31), Rank: 3},
				{Name: "<Ann & Bob>", Score: Int(40), Rank: 4, Color: `red & "blue"`},
			},
		},
		{
			ID: "table/7f3a/game/3", Game: known("kociaki-lobuziaki"), Played: at("2024-05-11 21:50"),
			Players: []Player{
				{Name: "Łucja Żółć", Score: Int(0), Rank: 1, Winner: true},
				{Name: "Zoë", Score: Int(0), Rank: 1, Winner: true},
			},
		},
		{
			ID: "evening/9c2e/other/1", Game: Game{Name: "Azul", BGGID: 230802}, Played: at("2024-05-11 22:30"), Minutes: 35,
			Location: "Café „Zur Post“", Variant: "Sommerpavillon",
			Players: []Player{
				{Name: "Jürgen", Score: Int(55), Rank: 2, Username: "juergen_k"},
				{Name: "Zoë", Score: Int(76), Rank: 1, Winner: true, Username: "zoe"},
				{Name: "Gast", ScoreText: "45.5", Anonymous: true},
				{Name: "Ola", Team: "Nord"},
			},
		},
		{
			ID: "evening/9c2e/other/2", Game: Game{Name: "Golf (Kartenspiel)", LowestWins: true}, Played: at("2024-05-12 00:10"),
			NoWinStats: true,
			Players: []Player{
				{Name: "Jürgen", Score: Int(-2), Rank: 1, Winner: true},
				{Name: "Zoë", Score: Int(14), Rank: 2},
			},
		},
	}
}

// asBGG is what BoardGameGeek's records carry of plays: the day, not the
// time; the game by name and id only; no ranks, start players, teams,
// variants or rounds; one play as quantity 0; line breaks as "\n".
func asBGG(in []Play) []Play {
	out := make([]Play, len(in))
	for i, p := range in {
		p.ID, p.Game = "", Game{Name: seven.Title(p.Game), BGGID: p.Game.BGGID}
		if !p.Played.IsZero() {
			p.Played = time.Date(p.Played.Year(), p.Played.Month(), p.Played.Day(), 0, 0, 0, 0, time.UTC)
		}
		p.Variant, p.Rounds, p.Teams, p.Comments = "", 0, false, lines(p.Comments)
		if p.Quantity == 1 {
			p.Quantity = 0
		}
		p.Players = slices.Clone(p.Players)
		for j := range p.Players {
			pl := &p.Players[j]
			pl.Rank, pl.StartPlayer, pl.Team, pl.Anonymous = 0, false, "", false
		}
		out[i] = p
	}
	return out
}

// asBGStats is what a BG Stats file carries of plays: no BoardGameGeek
// user ids, ratings, quantity or "unfinished" (written as ignored); the
// time to the second; the play's identity as a uuid; one entry per person
// (their first user name and anonymity count) and per game (plays of one
// of the seven described as the first describes it); line breaks as "\n".
func asBGStats(in []Play) []Play {
	out := make([]Play, len(in))
	usernames := Usernames(in)
	firstGame, anonymous := map[string]Game{}, map[string]bool{}
	for _, p := range in {
		if p.Game.Slug != "" && p.Game.Name == "" {
			p.Game.Name = seven.Title(p.Game)
		}
		if _, ok := firstGame[gameKey(p.Game)]; !ok {
			firstGame[gameKey(p.Game)] = p.Game
		}
		for _, pl := range p.Players {
			if _, ok := anonymous[pl.Name]; !ok {
				anonymous[pl.Name] = pl.Anonymous
			}
		}
	}
	for i, p := range in {
		p.ID = PlayUUID(p, i)
		if p.Game.Slug != "" && p.Game.Name == "" {
			p.Game.Name = seven.Title(p.Game)
		}
		p.Game = firstGame[gameKey(p.Game)]
		t := p.Played
		p.Played = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
		p.NoWinStats = p.NoWinStats || p.Incomplete
		p.Quantity, p.Incomplete, p.Comments = 0, false, lines(p.Comments)
		p.Players = slices.Clone(p.Players)
		for j := range p.Players {
			pl := &p.Players[j]
			pl.UserID, pl.Rating, pl.Username, pl.Anonymous = 0, 0, usernames[pl.Name], anonymous[pl.Name]
		}
		out[i] = p
	}
	return out
}

func samePlays(t *testing.T, got, want []Play) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d plays, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("play %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// format is one file format as the round trips use it: its writer, its
// reader, and what it carries of plays.
type format struct {
	write func(io.Writer, []Play) error
	read  func(io.Reader, Limits) ([]Play, error)
	view  func([]Play) []Play
}

var (
	bgStatsFile = format{
		write: func(w io.Writer, ps []Play) error { return seven.WriteBGStats(w, ps, BGStatsOptions{Me: "Zoë"}) },
		read:  seven.ReadBGStats, view: asBGStats,
	}
	bggFile = format{write: seven.WriteBGG, read: seven.ReadBGG, view: asBGG}
)

// through writes plays and reads them back: they must come back as the
// format carries them, and writing what was read gives the same bytes.
func (f format) through(t *testing.T, in []Play) {
	t.Helper()
	var buf bytes.Buffer
	if err := f.write(&buf, in); err != nil {
		t.Fatalf("plays cannot be written: %v", err)
	}
	got, err := f.read(bytes.NewReader(buf.Bytes()), Limits{})
	if err != nil {
		t.Fatalf("a written file cannot be read: %v\n%s", err, buf.String())
	}
	samePlays(t, got, f.view(in))
	var again bytes.Buffer
	if err := f.write(&again, got); err != nil {
		t.Fatalf("plays read cannot be written: %v", err)
	}
	if again.String() != buf.String() {
		t.Errorf("a second export differs from the first:\n%s\n---\n%s", buf.String(), again.String())
	}
}

func TestBGStatsRoundTrip(t *testing.T) {
	bgStatsFile.through(t, evening())
}

func TestBGGRoundTrip(t *testing.T) {
	in := evening()
	in[1].BGGPlayID = 113391260
	in[3].Players[0].UserID, in[3].Players[0].Rating = 3855477, 7.5
	in[4].Quantity, in[4].Incomplete = 2, true
	bggFile.through(t, in)
}

// TestRoundTripKeepsTheGame: after either round trip Classify files every
// play where it filed the original (the seven by the uuid Tablemate gave
// them in BG Stats files, by name in BoardGameGeek's).
func TestRoundTripKeepsTheGame(t *testing.T) {
	in := evening()
	var js, xs bytes.Buffer
	if err := seven.WriteBGStats(&js, in, BGStatsOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := seven.WriteBGG(&xs, in); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := seven.ReadBGStats(&js, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	fromXML, err := seven.ReadBGG(&xs, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range in {
		want := seven.Classify(p)
		for name, got := range map[string]Match{"BG Stats": seven.Classify(fromJSON[i]), "BoardGameGeek": seven.Classify(fromXML[i])} {
			if got.Kind != want.Kind || got.Slug != want.Slug || got.Code != want.Code {
				t.Errorf("%s play %d (%s): %+v, want %+v", name, i, seven.Title(p.Game), got, want)
			}
		}
	}
	if m := seven.Classify(fromXML[1]); m.By != "name" {
		t.Errorf("Kodiak from BoardGameGeek recognised by %q, want by name", m.By)
	}
	if m := seven.Classify(fromJSON[1]); m.By != "tablemate" {
		t.Errorf("Kodiak from BG Stats recognised by %q, want by Tablemate's uuid", m.By)
	}
}

// TestReadDetects: Read tells the formats apart, past a byte order mark.
func TestReadDetects(t *testing.T) {
	var js, xs bytes.Buffer
	if err := seven.WriteBGStats(&js, evening(), BGStatsOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := seven.WriteBGG(&xs, evening()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data string
		want Format
	}{{js.String(), BGStats}, {"\uFEFF\n " + js.String(), BGStats}, {xs.String(), BGG}, {"\uFEFF" + xs.String(), BGG}} {
		f, got, err := seven.Read(strings.NewReader(c.data), Limits{})
		if err != nil || f != c.want || len(got) != len(evening()) {
			t.Errorf("Read(%.30q) = %s, %d plays, %v; want %s", c.data, f, len(got), err, c.want)
		}
	}
	for _, bad := range []string{"", "   ", "plays,date\n1,2", "\uFEFF"} {
		if _, _, err := seven.Read(strings.NewReader(bad), Limits{}); err == nil {
			t.Errorf("Read(%q) accepted", bad)
		}
	}
}
