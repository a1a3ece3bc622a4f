package plays

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"tablemate/scoring"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadBGStatsExport reads a file in the shape BG Stats' own exports
// have (see docs/interop.md): lists in any order, fields this reader does
// not know (tags, copies, scoresheet, metaData, challenges, …), 0/1 for
// booleans, numbers as text and text as numbers, scores as text with sums
// and blanks, references by id, by id as text and by uuid, the anonymous
// player used twice in one play.
func TestReadBGStatsExport(t *testing.T) {
	got, err := seven.ReadBGStats(bytes.NewReader(readFixture(t, "bgstats-export.json")), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	magicHat := Game{Name: "Magic Hat"}
	azul := Game{Name: "Azul", BGGName: "Azul", BGGID: 230802}
	want := []Play{
		{ID: "D0000000-0000-4000-8000-000000000001", Game: magicHat, Played: at("2024-05-11 20:15"), Minutes: 31,
			Location: "Küche bei Jürgen", BGGPlayID: 68110692, Players: []Player{
				{Name: "Jürgen", Username: "juergen_k", Score: Int(22), Winner: true, StartPlayer: true, Rank: 1, Seat: 1},
				{Name: "Zoë", Score: Int(15), New: true, Rank: 2, Seat: 2},
			}},
		{ID: "D0000000-0000-4000-8000-000000000002", Game: azul, Played: at("2024-05-11 21:05"), Minutes: 35,
			Location: "Café <Zur Post> & Co", Comments: "Mit Kristall-Erweiterung.\nKnapp!", Variant: "Sommerpavillon", Players: []Player{
				{Name: "Łucja Żółć", Score: Int(28), Winner: true, Rank: 1, Color: "Blau"},
				{Name: "Anonymous player", Anonymous: true},
				{Name: "Anonymous player (2)", Anonymous: true},
				{Name: `Tom "Ace" O'Brien`, Score: Int(-4), Rank: 3},
			}},
		{ID: "D0000000-0000-4000-8000-000000000003", Game: Game{Name: "Tichu", BGGID: 215}, Played: at("2024-05-12 19:00"), Teams: true, Players: []Player{
			{Name: "Jürgen", Username: "juergen_k", Score: Int(300), Winner: true, Team: "1"},
			{Name: "Zoë", Score: Int(300), Winner: true, Team: "1"},
			{Name: "Łucja Żółć", Score: Int(-100), Team: "2"},
			{Name: `Tom "Ace" O'Brien`, Score: Int(-100), Team: "2"},
		}},
		{ID: "D0000000-0000-4000-8000-000000000004", Game: Game{Name: "The Crew: The Quest for Planet Nine", BGGID: 284083, Cooperative: true, NoPoints: true},
			Played: at("2024-05-12 20:00"), Comments: "Mission #1", Players: []Player{
				{Name: "Jürgen", Username: "juergen_k", Winner: true},
				{Name: "Zoë", Winner: true},
			}},
		{ID: "D0000000-0000-4000-8000-000000000005", Game: Game{Name: "CAMBIO", LowestWins: true}, Played: at("2024-05-12 20:45"), NoWinStats: true, Players: []Player{
			{Name: "Jürgen", Username: "juergen_k", Score: Int(4), Winner: true, Rank: 1},
			{Name: "Zoë", Score: Int(19), Rank: 2},
		}},
		{ID: "D0000000-0000-4000-8000-000000000006", Game: Game{Name: "Alaska: The Card Game"}, Played: at("2024-05-13 09:30"), Minutes: 45, Rounds: 3, Players: []Player{
			{Name: "Zoë", Score: Int(12), Winner: true, StartPlayer: true, Seat: 1},
			{Name: "Łucja Żółć", ScoreText: "9.5", Seat: 2},
		}},
		{ID: "D0000000-0000-4000-8000-000000000007", Game: Game{Name: "Kociaki Łobuziaki", BGGName: "Kociaki Łobuziaki"}, Played: at("2024-05-14 00:00"), Players: []Player{
			{Name: "Łucja Żółć", Score: Int(41), Winner: true},
			{Name: `Tom "Ace" O'Brien`, Score: Int(38)},
		}},
	}
	samePlays(t, got, want)

	// What a league import makes of them.
	wantMatch := []struct {
		kind       Kind
		slug, code string
	}{
		{OneOfSeven, "auf-der-hut", ""},
		{Skipped, "", "missing-score"},
		{Skipped, "", "teams"},
		{Skipped, "", "cooperative"},
		{Skipped, "", "not-counted"},
		{Skipped, "", "score-not-number"},
		{OneOfSeven, "kociaki-lobuziaki", ""},
	}
	for i, w := range wantMatch {
		if m := seven.Classify(got[i]); m.Kind != w.kind || m.Slug != w.slug || m.Code != w.code {
			t.Errorf("play %d (%s): %+v, want %+v", i, got[i].Game.Name, m, w)
		}
	}
}

// bgsRequired lists, per object, the fields BG Stats' own exports carry
// (docs/interop.md; an Android import fails on any it expects and misses).
var bgsRequired = map[string][]string{
	"file":        {"about", "players", "locations", "games", "plays", "userInfo"},
	"player":      {"uuid", "id", "name", "isAnonymous", "modificationDate"},
	"location":    {"uuid", "id", "name", "modificationDate"},
	"game":        {"uuid", "id", "name", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams", "bggName", "bggYear", "bggId", "isBaseGame", "isExpansion", "minPlayerCount", "maxPlayerCount"},
	"play":        {"uuid", "modificationDate", "entryDate", "playDate", "usesTeams", "durationMin", "ignored", "manualWinner", "rounds", "bggId", "locationRefId", "gameRefId", "board", "scoringSetting", "playerScores", "expansionPlays"},
	"playerScore": {"score", "winner", "newPlayer", "startPlayer", "playerRefId", "role", "rank", "seatOrder"},
	"userInfo":    {"meRefId"},
}

func hasKeys(t *testing.T, what string, m map[string]any) {
	t.Helper()
	for _, k := range bgsRequired[what] {
		if _, ok := m[k]; !ok {
			t.Errorf("%s has no %q: %v", what, k, m)
		}
	}
}

func TestWriteBGStatsWritesWhatBGStatsReads(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := seven.WriteBGStats(&buf, evening(), BGStatsOptions{Now: now, Me: "Zoë"}); err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	hasKeys(t, "file", f)
	list := func(v any) []map[string]any {
		var out []map[string]any
		for _, x := range v.([]any) {
			out = append(out, x.(map[string]any))
		}
		return out
	}
	players, locations, games, ps := list(f["players"]), list(f["locations"]), list(f["games"]), list(f["plays"])
	for _, p := range players {
		hasKeys(t, "player", p)
	}
	for _, l := range locations {
		hasKeys(t, "location", l)
	}
	for _, g := range games {
		hasKeys(t, "game", g)
	}
	hasKeys(t, "userInfo", f["userInfo"].(map[string]any))
	for _, p := range ps {
		hasKeys(t, "play", p)
		for _, s := range list(p["playerScores"]) {
			hasKeys(t, "playerScore", s)
			if _, ok := s["score"].(string); !ok {
				t.Errorf("score %v is not a text, as BG Stats writes it", s["score"])
			}
		}
		if p["modificationDate"] != "2025-01-02 03:04:05" || p["entryDate"] != "2025-01-02 03:04:05" {
			t.Errorf("play stamped %v / %v, want the export time", p["modificationDate"], p["entryDate"])
		}
	}
	// Every person, place and game once, however many plays name them.
	if len(players) != 7 || len(locations) != 2 || len(games) != 5 || len(ps) != 5 {
		t.Errorf("%d players, %d locations, %d games, %d plays; want 7, 2, 5, 5", len(players), len(locations), len(games), len(ps))
	}
	if me := f["userInfo"].(map[string]any)["meRefId"]; me != float64(2) || players[1]["name"] != "Zoë" {
		t.Errorf("meRefId %v, want Zoë's id 2 (%v)", me, players[1])
	}
	// The lowest-wins game says so; the seven carry their player counts.
	for _, g := range games {
		switch g["name"] {
		case "Kodiak", "Golf (Kartenspiel)":
			if g["highestWins"] != false {
				t.Errorf("%s: highestWins %v", g["name"], g["highestWins"])
			}
		case "Koffer, Katze & Sombrero":
			if g["minPlayerCount"] != float64(2) || g["maxPlayerCount"] != float64(4) || g["highestWins"] != true {
				t.Errorf("KKS game entry %v", g)
			}
		}
	}
}

// TestBGStatsUUIDsAreStable: the same plays give the same uuids on every
// export, so importing a second export into BG Stats updates instead of
// doubling; different plays, people, places and games differ.
func TestBGStatsUUIDsAreStable(t *testing.T) {
	write := func(ps []Play) map[string]any {
		var buf bytes.Buffer
		if err := seven.WriteBGStats(&buf, ps, BGStatsOptions{}); err != nil {
			t.Fatal(err)
		}
		var f map[string]any
		json.Unmarshal(buf.Bytes(), &f)
		return f
	}
	uuids := func(f map[string]any) []string {
		var out []string
		for _, list := range []string{"players", "locations", "games", "plays"} {
			for _, x := range f[list].([]any) {
				out = append(out, list+":"+x.(map[string]any)["uuid"].(string))
			}
		}
		return out
	}
	a, b := uuids(write(evening())), uuids(write(evening()))
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("uuids differ between exports:\n%v\n%v", a, b)
	}
	seen := map[string]bool{}
	for _, u := range a {
		id := u[strings.IndexByte(u, ':')+1:]
		if seen[id] || !isUUID(id) {
			t.Errorf("uuid %s repeated or malformed", u)
		}
		seen[id] = true
	}
	// Only the one play exported: its uuid is the same as in the evening.
	one := uuids(write(evening()[2:3]))
	if !strings.Contains(fmt.Sprint(a), one[len(one)-1]) {
		t.Errorf("play uuid %s depends on the other plays in the file", one[len(one)-1])
	}
	// Without an ID the uuid still does not change between exports.
	p, same := evening()[0], evening()[0]
	p.ID, same.ID = "", ""
	if PlayUUID(p, 0) != PlayUUID(same, 0) || PlayUUID(p, 0) == PlayUUID(evening()[0], 0) || PlayUUID(p, 0) == PlayUUID(p, 1) {
		t.Error("a play without ID has no stable uuid of its own, or one that ignores its place in the file")
	}
	p.BGGPlayID = 42
	if PlayUUID(p, 0) != PlayUUID(p, 5) {
		t.Error("a play with a BoardGameGeek id has a uuid that depends on its place")
	}
}

func TestManualWinner(t *testing.T) {
	pl := func(name string, score int, win bool) Player {
		return Player{Name: name, Score: Int(score), Winner: win}
	}
	for _, c := range []struct {
		name   string
		play   Play
		manual bool
	}{
		{"highest wins", Play{Players: []Player{pl("A", 10, true), pl("B", 8, false)}}, false},
		{"a tie, both win", Play{Players: []Player{pl("A", 10, true), pl("B", 10, true)}}, false},
		{"a tie broken by a rule", Play{Players: []Player{pl("A", 10, true), pl("B", 10, false)}}, true},
		{"fewest wins", Play{Game: Game{LowestWins: true}, Players: []Player{pl("A", 10, false), pl("B", 8, true)}}, false},
		{"fewest wins, marked wrong way", Play{Game: Game{LowestWins: true}, Players: []Player{pl("A", 10, true), pl("B", 8, false)}}, true},
		{"winner without scores", Play{Players: []Player{{Name: "A", Winner: true}, {Name: "B"}}}, true},
		{"no scores, no winner", Play{Players: []Player{{Name: "A"}, {Name: "B"}}}, false},
	} {
		if got := manualWinner(c.play); got != c.manual {
			t.Errorf("%s: manualWinner %v, want %v", c.name, got, c.manual)
		}
	}
}

// inputError checks err is an InputError on field whose message holds want.
func inputError(t *testing.T, name string, err error, field, want string) {
	t.Helper()
	var in *scoring.InputError
	if !errors.As(err, &in) {
		t.Errorf("%s: error %v (%T), want an InputError", name, err, err)
		return
	}
	if in.Field != field || !strings.Contains(in.Message, want) {
		t.Errorf("%s: %q: %q, want %q: …%s…", name, in.Field, in.Message, field, want)
	}
}

// bgsFile builds a small BG Stats file around one play's JSON.
func bgsFile(play string) string {
	return `{"players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],"games":[{"id":1,"name":"Azul","bggId":230802}],` +
		`"locations":[{"id":1,"name":"Home"}],"plays":[` + play + `]}`
}

const okPlay = `{"playDate":"2024-05-11 20:15:00","gameRefId":1,"playerScores":[{"playerRefId":1,"score":"3"},{"playerRefId":2,"score":"4"}]}`

func TestReadBGStatsRefuses(t *testing.T) {
	if _, err := seven.ReadBGStats(strings.NewReader(bgsFile(okPlay)), Limits{}); err != nil {
		t.Fatalf("the base file is refused: %v", err)
	}
	for _, c := range []struct {
		name, file, field, msg string
	}{
		{"not an object", `[1,2]`, "", "JSON object"},
		{"not JSON", `{"plays": [}`, "", "not valid JSON (at byte"},
		{"cut off", `{"plays": [{"playDate":`, "", "ends in the middle"},
		{"no plays list", `{"players":[]}`, "plays", "no list of plays"},
		{"plays not a list", `{"plays":{"a":1}}`, "plays", "must be a list"},
		{"a play not an object", `{"plays":[42]}`, "plays[0]", "must be an object, not a number"},
		{"key twice", `{"plays":[],"plays":[]}`, "plays", "appears twice"},
		{"more after", `{"plays":[]} {}`, "", "more after its JSON object"},
		{"no date", bgsFile(`{"gameRefId":1}`), "plays[0].playDate", "is missing"},
		{"bad date", bgsFile(`{"playDate":"11.05.2024","gameRefId":1}`), "plays[0].playDate", `like "2024-05-11 20:15:00"`},
		{"no game", bgsFile(`{"playDate":"2024-05-11"}`), "plays[0].gameRefId", "is missing"},
		{"unknown game", bgsFile(`{"playDate":"2024-05-11","gameRefId":9}`), "plays[0].gameRefId", "refers to 9, which the file's games do not hold"},
		{"unknown game uuid", bgsFile(`{"playDate":"2024-05-11","gameRefId":"ABC-1"}`), "plays[0].gameRefId", `refers to "ABC-1"`},
		{"unknown location", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"locationRefId":5}`), "plays[0].locationRefId", "refers to 5"},
		{"unknown player", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":3}]}`), "plays[0].playerScores[0].playerRefId", "refers to 3, which the file's players do not hold"},
		{"player without ref", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"score":"3"}]}`), "plays[0].playerScores[0].playerRefId", "is missing"},
		{"player twice", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":1},{"playerRefId":1}]}`), "plays[0].playerScores[1].playerRefId", "Ann is named twice in this play"},
		{"duration not a number", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"durationMin":"long"}`), "plays[0].durationMin", "must be a whole number"},
		{"duration negative", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"durationMin":-5}`), "plays[0].durationMin", "must be from 0 to 10080, not -5"},
		{"duration a fraction", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"durationMin":30.5}`), "plays[0].durationMin", "must be a whole number"},
		{"rank negative", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":1,"rank":-1}]}`), "plays[0].playerScores[0].rank", "must be from 0 to 1000"},
		{"winner a word", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":1,"winner":"yes"}]}`), "plays[0].playerScores[0].winner", "must be true or false"},
		{"score an object", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":1,"score":{"a":1}}]}`), "plays[0].playerScores[0].score", "must be a number or a text, not an object"},
		{"score too long", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":[{"playerRefId":1,"score":"` + strings.Repeat("x", 51) + `"}]}`), "plays[0].playerScores[0].score", "at most 50"},
		{"scores not a list", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"playerScores":"Ann"}`), "plays[0].playerScores", "must be a list, not a text"},
		{"comments a list", bgsFile(`{"playDate":"2024-05-11","gameRefId":1,"comments":["a"]}`), "plays[0].comments", "must be a text, not a list"},
		{"duplicate player id", `{"players":[{"id":1,"name":"A"},{"id":1,"name":"B"}],"plays":[]}`, "players[1].id", "1 is already the id of players[0]"},
		{"duplicate uuid", `{"games":[{"uuid":"x","name":"A"},{"uuid":"x","name":"B"}],"plays":[]}`, "games[1].uuid", `"x" is already the uuid of games[0]`},
		{"entry without id", `{"players":[{"name":"A"}],"plays":[]}`, "players[0]", "needs an id or a uuid"},
		{"player without name", `{"players":[{"id":1,"name":"  "}],"plays":[]}`, "players[0].name", "a player needs a name"},
		{"game without name", `{"games":[{"id":1}],"plays":[]}`, "games[0].name", "a game needs a name"},
		{"name too long", `{"players":[{"id":1,"name":"` + strings.Repeat("é", 201) + `"}],"plays":[]}`, "players[0].name", "201 characters long; at most 200"},
		{"name with a control character", `{"players":[{"id":1,"name":"A\u0007B"}],"plays":[]}`, "players[0].name", "control characters (found U+0007)"},
		{"location name with a line break", `{"locations":[{"id":1,"name":"A\nB"}],"plays":[]}`, "locations[0].name", "control characters"},
		{"bggId negative", `{"games":[{"id":1,"name":"A","bggId":-3}],"plays":[]}`, "games[0].bggId", "must be from 0"},
	} {
		_, err := seven.ReadBGStats(strings.NewReader(c.file), Limits{})
		inputError(t, c.name, err, c.field, c.msg)
	}
}

func TestReadBGStatsLimits(t *testing.T) {
	many := func(n int, one string) string {
		return strings.TrimSuffix(strings.Repeat(one+",", n), ",")
	}
	for _, c := range []struct {
		name  string
		lim   Limits
		file  string
		field string
		msg   string
	}{
		{"bytes", Limits{MaxBytes: 100}, bgsFile(okPlay), "", "larger than 100 bytes"},
		{"bytes, in a skipped field", Limits{MaxBytes: 1 << 10}, `{"plays":[],"tags":"` + strings.Repeat("a", 2000) + `"}`, "", "larger than 1 KiB"},
		{"plays", Limits{MaxPlays: 3}, bgsFile(many(4, okPlay)), "plays", "more than 3 plays"},
		{"players in a play", Limits{MaxPlayers: 1}, bgsFile(okPlay), "plays[0].playerScores", "at most 1 players; this one has 2"},
		{"players list", Limits{MaxEntries: 1}, bgsFile(okPlay), "players", "more than 1 players"},
		{"games list", Limits{MaxEntries: 2}, `{"games":[` + many(3, `{"id":1,"name":"A"}`) + `],"plays":[]}`, "games", "more than 2 games"},
	} {
		_, err := seven.ReadBGStats(strings.NewReader(c.file), c.lim)
		inputError(t, c.name, err, c.field, c.msg)
	}
	// Exactly at the limits is fine.
	file := bgsFile(many(3, okPlay))
	if _, err := seven.ReadBGStats(strings.NewReader(file), Limits{MaxBytes: int64(len(file)), MaxPlays: 3, MaxPlayers: 2, MaxEntries: 2}); err != nil {
		t.Errorf("a file at every limit is refused: %v", err)
	}
}

func TestWriteBGStatsRefuses(t *testing.T) {
	base := func() Play { return evening()[0] }
	for _, c := range []struct {
		name   string
		change func(*Play)
		field  string
		msg    string
	}{
		{"no date", func(p *Play) { p.Played = time.Time{} }, "plays[0].played", "needs the date"},
		{"several plays in one", func(p *Play) { p.Quantity = 3 }, "plays[0].quantity", "stands for 3"},
		{"a lowest-wins flag against the game", func(p *Play) { p.Game.LowestWins = true }, "plays[0].game.lowestWins", "won by the most points"},
		{"no name", func(p *Play) { p.Players[1].Name = "" }, "plays[0].players[1].name", "needs a name"},
		{"same name twice", func(p *Play) { p.Players[2].Name = "Zoë" }, "plays[0].players[2].name", `"Zoë" is named twice in this play`},
		{"name with spaces around", func(p *Play) { p.Players[0].Name = " Jürgen" }, "plays[0].players[0].name", "must not start or end with spaces"},
		{"control character", func(p *Play) { p.Location = "Küche\x00" }, "plays[0].location", "control characters"},
		{"invalid UTF-8", func(p *Play) { p.Players[0].Name = "J\xffrgen" }, "plays[0].players[0].name", "not valid UTF-8"},
		{"score out of range", func(p *Play) { p.Players[0].Score = Int(MaxScore + 1) }, "plays[0].players[0].score", "must be from"},
		{"score and text", func(p *Play) { p.Players[0].ScoreText = "1.5" }, "plays[0].players[0].scoreText", "not both"},
		{"text that is a number", func(p *Play) { p.Players[0].Score, p.Players[0].ScoreText = nil, "12" }, "plays[0].players[0].scoreText", "put it in score"},
		{"negative minutes", func(p *Play) { p.Minutes = -1 }, "plays[0].minutes", "from 0 to 10080"},
		{"unknown slug", func(p *Play) { p.Game.Slug = "chess" }, "plays[0].game.slug", "not one of Tablemate's games"},
		{"no game", func(p *Play) { p.Game = Game{} }, "plays[0].game.name", "needs the name of its game"},
		{"rating out of range", func(p *Play) { p.Players[0].Rating = 11 }, "plays[0].players[0].rating", "from 0 to 10"},
	} {
		p := base()
		c.change(&p)
		var buf bytes.Buffer
		err := seven.WriteBGStats(&buf, []Play{p}, BGStatsOptions{})
		inputError(t, c.name, err, c.field, c.msg)
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written although the play was refused", c.name, buf.Len())
		}
	}
}
