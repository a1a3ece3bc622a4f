package plays

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tablemate/scoring"
	"tablemate/web/games"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Kociaki Łobuziaki":          "kociaki lobuziaki",
		"KOCIAKI ŁOBUZIAKI":          "kociaki lobuziaki",
		"Koffer, Katze & Sombrero":   "koffer katze sombrero",
		"Koffer, Katze und Sombrero": "koffer katze sombrero",
		"Alaska: The Card Game":      "alaska",
		"Cambio – The Original":      "cambio original",
		"  Zoë  Straße ":             "zoe strasse",
		"Шапка-невидимка":            "шапка невидимка",
		"The":                        "",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// seven are the registry's games, as a page reading or writing plays
// would give them.
var seven = NewGames(games.Engines()...)

// TestGamesCoverTheRegistry: every game of the registry is known by its
// slug, its title and each of its other titles, and has no BoardGameGeek
// id that cannot be one.
func TestGamesCoverTheRegistry(t *testing.T) {
	for _, info := range games.Infos() {
		if len(info.AlsoKnownAs) == 0 {
			t.Errorf("%s has no other titles listed", info.Slug)
		}
		if info.BGGID < 0 {
			t.Errorf("%s: BGG id %d", info.Slug, info.BGGID)
		}
		for _, n := range append([]string{info.Slug, info.Title}, info.AlsoKnownAs...) {
			if got, ok := seven.SlugByName(n); !ok || got != info.Slug {
				t.Errorf("SlugByName(%q) = %q, %v; want %s", n, got, ok, info.Slug)
			}
		}
	}
}

// withBGGID is an engine whose Info carries a confirmed BoardGameGeek id.
type withBGGID struct {
	scoring.Game
	id int
}

func (e withBGGID) Info() scoring.Info {
	info := e.Game.Info()
	info.BGGID = e.id
	return info
}

func TestSlugByName(t *testing.T) {
	for name, want := range map[string]string{
		"Koffer, Katze & Sombrero":  "koffer-katze-sombrero",
		"koffer katze und sombrero": "koffer-katze-sombrero",
		"koffer-katze-sombrero":     "koffer-katze-sombrero",
		"Auf der Hut":               "auf-der-hut",
		"MAGIC HAT":                 "auf-der-hut",
		"Magic Hat!":                "auf-der-hut",
		"Шапка-невидимка":           "auf-der-hut",
		"Cap of Invisibility":       "auf-der-hut",
		"Kociaki Łobuziaki":         "kociaki-lobuziaki",
		"kociaki lobuziaki":         "kociaki-lobuziaki",
		"Cambio":                    "cambio",
		"Cambio – The Original":     "cambio",
		"Kodiak: The Card Game":     "kodiak",
		"ALASKA":                    "alaska",
		"The Rune Market":           "rune-market",
		"rune market":               "rune-market",
		"Azul":                      "",
		"Magic":                     "",
		"Hat":                       "",
		"Alaska Highway":            "",
		"":                          "",
		"The Card Game":             "",
	} {
		got, ok := seven.SlugByName(name)
		if got != want || ok != (want != "") {
			t.Errorf("seven.SlugByName(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

func scored(names ...string) []Player {
	var ps []Player
	for i, n := range names {
		ps = append(ps, Player{Name: n, Score: Int(10 - i)})
	}
	return ps
}

func TestClassify(t *testing.T) {
	base := func(g Game) Play { return Play{Game: g, Played: at("2024-05-11 20:00"), Players: scored("Ann", "Bob")} }
	for _, c := range []struct {
		name   string
		play   Play
		change func(*Play)
		kind   Kind
		slug   string
		by     string
		code   string
	}{
		{"a table's game", base(known("kodiak")), nil, OneOfSeven, "kodiak", "tablemate", ""},
		{"by name", base(Game{Name: "Magic Hat"}), nil, OneOfSeven, "auf-der-hut", "name", ""},
		{"by BoardGameGeek's name", base(Game{Name: "Unser Lieblingsspiel", BGGName: "Kociaki Łobuziaki"}), nil, OneOfSeven, "kociaki-lobuziaki", "name", ""},
		{"name match with an unknown BGG id", base(Game{Name: "Alaska", BGGID: 99}), nil, OneOfSeven, "alaska", "name", ""},
		{"another game", base(Game{Name: "Azul", BGGID: 230802}), nil, AnotherGame, "", "", ""},
		{"negative scores and a tie", base(Game{Name: "Golf"}), func(p *Play) { p.Players[0].Score, p.Players[1].Score = Int(-3), Int(-3) }, AnotherGame, "", "", ""},
		{"several plays in one", base(Game{Name: "Azul"}), func(p *Play) { p.Quantity = 3 }, Skipped, "", "", "quantity"},
		{"one play, quantity 1", base(Game{Name: "Azul"}), func(p *Play) { p.Quantity = 1 }, AnotherGame, "", "", ""},
		{"unfinished", base(Game{Name: "Azul"}), func(p *Play) { p.Incomplete = true }, Skipped, "", "", "incomplete"},
		{"not counted", base(Game{Name: "Azul"}), func(p *Play) { p.NoWinStats = true }, Skipped, "", "", "not-counted"},
		{"teams", base(Game{Name: "Tichu"}), func(p *Play) { p.Teams = true }, Skipped, "", "", "teams"},
		{"cooperative", base(Game{Name: "The Crew", Cooperative: true}), nil, Skipped, "", "", "cooperative"},
		{"no points", base(Game{Name: "Codenames", NoPoints: true}), nil, Skipped, "", "", "no-points"},
		{"no date", base(Game{Name: "Azul"}), func(p *Play) { p.Played = time.Time{} }, Skipped, "", "", "no-date"},
		{"no players", base(Game{Name: "Azul"}), func(p *Play) { p.Players = nil }, Skipped, "", "", "no-players"},
		{"solo, another game", base(Game{Name: "Azul"}), func(p *Play) { p.Players = p.Players[:1] }, Skipped, "", "", "solo"},
		{"too few for the game", base(known("kodiak")), func(p *Play) { p.Players = p.Players[:1] }, Skipped, "", "", "player-count"},
		{"too many for the game", base(known("koffer-katze-sombrero")), func(p *Play) { p.Players = scored("A", "B", "C", "D", "E") }, Skipped, "", "", "player-count"},
		{"no scores", base(Game{Name: "Azul"}), func(p *Play) { p.Players[0].Score, p.Players[1].Score = nil, nil }, Skipped, "", "", "no-scores"},
		{"a score missing", base(known("cambio")), func(p *Play) { p.Players[1].Score = nil }, Skipped, "", "", "missing-score"},
		{"a score that is no whole number", base(Game{Name: "Azul"}), func(p *Play) { p.Players[1].Score, p.Players[1].ScoreText = nil, "45.5" }, Skipped, "", "", "score-not-number"},
		{"a name too long for a table", base(Game{Name: "Azul"}), func(p *Play) { p.Players[0].Name = strings.Repeat("x", 41) }, Skipped, "", "", "names"},
		{"names differing only in case", base(known("alaska")), func(p *Play) { p.Players[1].Name = "ANN" }, Skipped, "", "", "names"},
	} {
		p := c.play
		p.Players = slices.Clone(p.Players)
		if c.change != nil {
			c.change(&p)
		}
		m := seven.Classify(p)
		if m.Kind != c.kind || m.Slug != c.slug || m.By != c.by || m.Code != c.code {
			t.Errorf("%s: %+v, want %s %q by %q code %q", c.name, m, c.kind, c.slug, c.by, c.code)
		}
		if m.Kind == Skipped && (m.Reason == "" || m.Reason != fmt.Sprintf(m.Format, m.Args...)) {
			t.Errorf("%s: reason %q does not come from its format %q", c.name, m.Reason, m.Format)
		}
	}
	r := seven.Classify(Play{Game: known("koffer-katze-sombrero"), Played: at("2024-05-11 20:00"), Players: scored("A", "B", "C", "D", "E")})
	if r.Reason != "Koffer, Katze & Sombrero is played by 2 to 4 players; this play has 5" {
		t.Errorf("reason %q", r.Reason)
	}
}

// TestClassifyByBGGID: once an id is confirmed (and only then), a play
// with that id is the game whatever its name, and a play with another id
// is another game even if its name matches.
func TestClassifyByBGGID(t *testing.T) {
	cambio, _ := games.Engine("cambio")
	seven := NewGames(withBGGID{cambio, 123456})
	p := Play{Played: at("2024-05-11 20:00"), Players: scored("Ann", "Bob")}
	p.Game = Game{Name: "Cambio (deutsche Ausgabe)", BGGID: 123456}
	if m := seven.Classify(p); m.Kind != OneOfSeven || m.Slug != "cambio" || m.By != "bgg-id" {
		t.Errorf("by id: %+v", m)
	}
	p.Game = Game{Name: "Cambio", BGGID: 999}
	if m := seven.Classify(p); m.Kind != AnotherGame {
		t.Errorf("another game called Cambio: %+v", m)
	}
	p.Game = Game{Name: "Cambio"}
	if m := seven.Classify(p); m.Kind != OneOfSeven || m.By != "name" {
		t.Errorf("Cambio without id: %+v", m)
	}
}

func TestParseScore(t *testing.T) {
	for in, want := range map[string]string{
		"22": "22", "-7": "-7", "+5": "5", " 12 ": "12", "0": "0",
		"3+20+5": "28", "10 - 2": "8", "-4+-2": "-6", "1-1-1": "-1", "--3": "text --3",
		"": "none", "null": "none", "   ": "none",
		"45.5": "text 45.5", "3 VP": "text 3 VP", "1e3": "text 1e3", "+": "text +", "3+": "text 3+", "3++4": "7", "3+ +4": "7", "3 4": "text 3 4",
		"1000000000": "1000000000", "1000000001": "text 1000000001", "999999999+2": "text 999999999+2",
		"99999999999999999999": "text 99999999999999999999", "−7": "text −7",
	} {
		n, text := parseScore(in)
		got := "none"
		switch {
		case n != nil:
			got = fmt.Sprint(*n)
		case text != "":
			got = "text " + text
		}
		if got != want {
			t.Errorf("parseScore(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestWithRanks(t *testing.T) {
	names := func(p Play) string {
		var s []string
		for _, pl := range p.Players {
			s = append(s, fmt.Sprintf("%s:%d%s", pl.Name, pl.Rank, map[bool]string{true: "*"}[pl.Winner]))
		}
		return strings.Join(s, " ")
	}
	p := Play{Players: []Player{{Name: "A", Score: Int(10)}, {Name: "B", Score: Int(12)}, {Name: "C", Score: Int(10)}, {Name: "D", Score: Int(-4)}}}
	if got := names(p.WithRanks()); got != "A:2 B:1* C:2 D:4" {
		t.Errorf("most wins: %s", got)
	}
	p.Game.LowestWins = true
	if got := names(p.WithRanks()); got != "A:2 B:4 C:2 D:1*" {
		t.Errorf("fewest wins: %s", got)
	}
	if p.Players[0].Rank != 0 {
		t.Error("WithRanks changed the play it was called on")
	}
	// Winners a rule decided stay; ranks already given stay.
	p.Players[0].Winner = true
	if got := names(p.WithRanks()); got != "A:2* B:4 C:2 D:1" {
		t.Errorf("kept winner: %s", got)
	}
	p.Players[0].Winner, p.Players[0].Rank = false, 3
	if got := names(p.WithRanks()); got != "A:3 B:0 C:0 D:0" {
		t.Errorf("kept ranks: %s", got)
	}
	// Ties share the win.
	tie := Play{Players: []Player{{Name: "A", Score: Int(5)}, {Name: "B", Score: Int(5)}}}
	if got := names(tie.WithRanks()); got != "A:1* B:1*" {
		t.Errorf("tie: %s", got)
	}
	// Without every score, nothing is made up.
	part := Play{Players: []Player{{Name: "A", Score: Int(5)}, {Name: "B"}}}
	if got := names(part.WithRanks()); got != "A:0 B:0" {
		t.Errorf("partial: %s", got)
	}
	if len((Play{}).WithRanks().Players) != 0 {
		t.Error("no players")
	}
}

func TestKnownGameAndTitle(t *testing.T) {
	for _, info := range games.Infos() {
		g, ok := seven.KnownGame(info.Slug)
		if !ok || g.Name != info.Title || g.LowestWins != info.LowestWins || g.Slug != info.Slug {
			t.Errorf("seven.KnownGame(%s) = %+v", info.Slug, g)
		}
		if seven.Title(Game{Slug: info.Slug}) != info.Title {
			t.Errorf("Title of %s", info.Slug)
		}
	}
	if _, ok := seven.KnownGame("chess"); ok {
		t.Error("seven.KnownGame(chess)")
	}
	if seven.Title(Game{BGGName: "Azul"}) != "Azul" {
		t.Error("Title falls back to BoardGameGeek's name")
	}
}
