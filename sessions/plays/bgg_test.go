package plays

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestReadBGG reads plays in the shape of BoardGameGeek's XML API 2
// answers (see docs/interop.md): tabs and odd indentation, a play without
// players, comments with entities, several plays in one entry, an
// unfinished play, free-text start positions, nameless players, a play
// not counted for wins, a sum as a score, an undated play.
func TestReadBGG(t *testing.T) {
	got, err := seven.ReadBGG(bytes.NewReader(readFixture(t, "bgg-plays.xml")), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Play{
		{BGGPlayID: 61192236, Game: Game{Name: "Magic Hat"}, Played: day("2022-06-02"), Location: "Casa", Players: []Player{
			{Name: "Hellogark", Username: "Hellogark", UserID: 1667501, Score: Int(14)},
			{Name: "Jürgen K.", Username: "juergen_k", UserID: 482490, Score: Int(7)},
			{Name: "Nechiwero", Score: Int(20), Winner: true},
		}},
		{BGGPlayID: 100, Game: Game{Name: "Azul", BGGID: 230802}, Played: day("2023-08-03"), Quantity: 2, Minutes: 60, Location: "Home",
			Comments: "good game & close finish – „knapp“ <3", Players: []Player{
				{Name: "Friend", Seat: 1, Color: "blue", Score: Int(55), Rating: 7},
				{Name: "Me", Username: "juergen_k", UserID: 482490, Seat: 2, Color: "red", Score: Int(76), Winner: true},
			}},
		{BGGPlayID: 101, Game: Game{Name: "Othello", BGGID: 2389}, Played: day("2023-08-04")},
		{BGGPlayID: 12649971, Game: Game{Name: "Thunderstone Advance: Towers of Ruin", BGGID: 116998}, Played: day("2014-09-10"), Minutes: 80, Incomplete: true, Players: []Player{
			{Name: "Łukasz", Username: "fagentu007", UserID: 818216, New: true},
			{Name: "Anonymous", Anonymous: true},
			{Name: "Anonymous (2)", Anonymous: true},
		}},
		{BGGPlayID: 33070661, Game: Game{Name: "KODIAK – The Card Game"}, Played: day("2019-01-05"), NoWinStats: true, Location: "Otthon", Players: []Player{
			{Name: "Detti", Username: "Detti76", UserID: 237335, Seat: 1, Color: "Red", Score: Int(-12), Winner: true},
			{Name: "Isti", Username: "ristvan", UserID: 247009, Seat: 2, Color: "Blue", Score: Int(7)},
		}},
		{BGGPlayID: 33070662, Game: Game{Name: "Koffer, Katze & Sombrero"}, Players: []Player{
			{Name: "Zoë", Score: Int(89), Winner: true},
			{Name: "Jürgen", Score: Int(87)},
		}},
	}
	samePlays(t, got, want)
	wantMatch := []struct {
		kind       Kind
		slug, code string
	}{
		{OneOfSeven, "auf-der-hut", ""},
		{Skipped, "", "quantity"},
		{Skipped, "", "no-players"},
		{Skipped, "", "incomplete"},
		{Skipped, "", "not-counted"},
		{Skipped, "", "no-date"},
	}
	for i, w := range wantMatch {
		if m := seven.Classify(got[i]); m.Kind != w.kind || m.Slug != w.slug || m.Code != w.code {
			t.Errorf("play %d (%s): %+v, want %+v", i, got[i].Game.Name, m, w)
		}
	}
	// The Kodiak play, counted, is Kodiak by name.
	kodiak := got[4]
	kodiak.NoWinStats = false
	if m := seven.Classify(kodiak); m.Kind != OneOfSeven || m.Slug != "kodiak" || m.By != "name" {
		t.Errorf("KODIAK – The Card Game: %+v", m)
	}
}

// TestWriteBGGShape checks the written XML against the API's shape with a
// plain XML reading: the attributes BGG's answer has, in place, escaped.
func TestWriteBGGShape(t *testing.T) {
	var buf bytes.Buffer
	ev := evening()
	if err := seven.WriteBGG(&buf, ev); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration: %.60s", buf.String())
	}
	var doc struct {
		XMLName xml.Name
		Total   string `xml:"total,attr"`
		Plays   []struct {
			Attrs []xml.Attr `xml:",any,attr"`
			Item  struct {
				Attrs    []xml.Attr `xml:",any,attr"`
				Subtypes []struct {
					Value string `xml:"value,attr"`
				} `xml:"subtypes>subtype"`
			} `xml:"item"`
			Players []struct {
				Attrs []xml.Attr `xml:",any,attr"`
			} `xml:"players>player"`
		} `xml:"play"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	names := func(as []xml.Attr) string {
		var n []string
		for _, a := range as {
			n = append(n, a.Name.Local)
		}
		return strings.Join(n, " ")
	}
	value := func(as []xml.Attr, name string) string {
		for _, a := range as {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return "(missing)"
	}
	if doc.XMLName.Local != "plays" || doc.Total != "5" || len(doc.Plays) != 5 {
		t.Fatalf("<%s total=%q> with %d plays", doc.XMLName.Local, doc.Total, len(doc.Plays))
	}
	for i, p := range doc.Plays {
		if got := names(p.Attrs); got != "id date quantity length incomplete nowinstats location" {
			t.Errorf("play %d attributes %q", i, got)
		}
		if got := names(p.Item.Attrs); got != "name objecttype objectid" || len(p.Item.Subtypes) != 1 || p.Item.Subtypes[0].Value != "boardgame" {
			t.Errorf("play %d item %q %v", i, got, p.Item.Subtypes)
		}
		for j, pl := range p.Players {
			if got := names(pl.Attrs); got != "username userid name startposition color score new rating win" {
				t.Errorf("play %d player %d attributes %q", i, j, got)
			}
		}
	}
	first, kodiak, azul := doc.Plays[0], doc.Plays[1], doc.Plays[3]
	for _, c := range []struct{ got, want string }{
		{value(first.Attrs, "date"), "2024-05-11"},
		{value(first.Attrs, "length"), "25"},
		{value(first.Attrs, "location"), "Küche bei Jürgen"},
		{value(first.Item.Attrs, "name"), "Koffer, Katze & Sombrero"},
		{value(first.Item.Attrs, "objectid"), "0"},
		{value(first.Players[1].Attrs, "name"), "Zoë"},
		{value(first.Players[1].Attrs, "win"), "1"},
		{value(first.Players[1].Attrs, "new"), "1"},
		{value(first.Players[1].Attrs, "startposition"), "2"},
		{value(first.Players[2].Attrs, "score"), "-3"},
		{value(kodiak.Players[2].Attrs, "name"), `Tom "Ace" O'Brien`},
		{value(kodiak.Players[3].Attrs, "name"), "<Ann & Bob>"},
		{value(kodiak.Players[3].Attrs, "startposition"), ""},
		{value(azul.Item.Attrs, "objectid"), "230802"},
		{value(azul.Players[2].Attrs, "score"), "45.5"},
		{value(azul.Players[3].Attrs, "score"), ""},
		{value(azul.Players[0].Attrs, "username"), "juergen_k"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	if !strings.Contains(buf.String(), `name="&lt;Ann &amp; Bob&gt;"`) {
		t.Error("XML's special characters are not escaped in attributes")
	}
}

func TestReadBGGRefuses(t *testing.T) {
	play := func(attrs, inner string) string {
		return `<plays><play ` + attrs + `><item name="Azul" objectid="230802"/>` + inner + `</play></plays>`
	}
	player := func(attrs string) string {
		return play(`date="2024-05-11"`, `<players><player name="Ann" `+attrs+`/></players>`)
	}
	if _, err := seven.ReadBGG(strings.NewReader(player(`score="3" win="1"`)), Limits{}); err != nil {
		t.Fatalf("the base file is refused: %v", err)
	}
	for _, c := range []struct{ name, file, field, msg string }{
		{"not XML", `<plays><play></plays>`, "", "not valid XML (line 1"},
		{"cut off", `<plays><play date="2024-05-11">`, "", "ends in the middle"},
		{"no plays", `<?xml version="1.0"?>`, "", "no <plays> element"},
		{"another root", `<items><item/></items>`, "", "holds <items>, not <plays>"},
		{"BGG's error answer", `<error><message>Invalid username specified</message></error>`, "", "error answer"},
		{"more after", `<plays></plays><plays></plays>`, "", "more after its <plays>"},
		{"text outside", `<plays></plays>trailing`, "", "text outside"},
		{"Latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?><plays/>`, "", "ISO-8859-1; Tablemate reads UTF-8 only"},
		{"undeclared entity", `<plays><play date="&bogus;"/></plays>`, "", "not valid XML"},
		{"bad date", play(`date="05/11/2024"`, ""), "play[0].date", `like "2024-05-11"`},
		{"bad length", play(`date="2024-05-11" length="1h"`, ""), "play[0].length", "from 0 to 10080"},
		{"negative quantity", play(`date="2024-05-11" quantity="-1"`, ""), "play[0].quantity", "from 0 to 1000"},
		{"bad flag", play(`date="2024-05-11" incomplete="yes"`, ""), "play[0].incomplete", "must be 0 or 1"},
		{"no item", `<plays><play date="2024-05-11"/></plays>`, "play[0].item", "has 0"},
		{"two items", `<plays><play date="2024-05-11"><item name="A"/><item name="B"/></play></plays>`, "play[0].item", "has 2"},
		{"item without name", `<plays><play date="2024-05-11"><item name=" " objectid="1"/></play></plays>`, "play[0].item.name", "needs the name"},
		{"objectid a word", `<plays><play date="2024-05-11"><item name="A" objectid="azul"/></play></plays>`, "play[0].item.objectid", "whole number"},
		{"win a word", player(`win="yes"`), "play[0].players.player[0].win", "must be 0 or 1"},
		{"userid a word", player(`userid="me"`), "play[0].players.player[0].userid", "whole number"},
		{"rating too high", player(`rating="11"`), "play[0].players.player[0].rating", "from 0 to 10"},
		{"rating not a number", player(`rating="NaN"`), "play[0].players.player[0].rating", "from 0 to 10"},
		{"name with a control character", player(`username="a&#x9;b"`), "play[0].players.player[0].username", "control characters"},
		{"name too long", play(`date="2024-05-11"`, `<players><player name="`+strings.Repeat("x", 201)+`"/></players>`), "play[0].players.player[0].name", "at most 200"},
		{"score too long", player(`score="` + strings.Repeat("x", 51) + `"`), "play[0].players.player[0].score", "at most 50"},
		{"same name twice", play(`date="2024-05-11"`, `<players><player name="Ann (2)"/><player name="Ann"/><player name="Ann"/></players>`), "", ""},
	} {
		_, err := seven.ReadBGG(strings.NewReader(c.file), Limits{})
		if c.msg == "" { // accepted
			if err != nil {
				t.Errorf("%s: refused: %v", c.name, err)
			}
			continue
		}
		inputError(t, c.name, err, c.field, c.msg)
	}
	// Duplicate names get told apart, never merged.
	got, _ := seven.ReadBGG(strings.NewReader(play(`date="2024-05-11"`, `<players><player name="Ann (2)"/><player name="Ann"/><player name="Ann"/></players>`)), Limits{})
	if n := []string{got[0].Players[0].Name, got[0].Players[1].Name, got[0].Players[2].Name}; strings.Join(n, "|") != "Ann (2)|Ann|Ann (3)" {
		t.Errorf("names %q", n)
	}
}

func TestReadBGGLimits(t *testing.T) {
	onePlay := `<play date="2024-05-11"><item name="A"/><players><player name="A"/><player name="B"/></players></play>`
	file := func(n int) string { return "<plays>" + strings.Repeat(onePlay, n) + "</plays>" }
	for _, c := range []struct {
		name, file string
		lim        Limits
		field, msg string
	}{
		{"bytes", file(10), Limits{MaxBytes: 200}, "", "larger than 200 bytes"},
		{"bytes in a skipped element", "<plays><other>" + strings.Repeat("x", 3000) + "</other></plays>", Limits{MaxBytes: 2 << 10}, "", "larger than 2 KiB"},
		{"plays", file(4), Limits{MaxPlays: 3}, "play", "more than 3 plays"},
		{"players", file(1), Limits{MaxPlayers: 1}, "play[0].players", "at most 1 players; this one has 2"},
	} {
		_, err := seven.ReadBGG(strings.NewReader(c.file), c.lim)
		inputError(t, c.name, err, c.field, c.msg)
	}
	f := file(3)
	if got, err := seven.ReadBGG(strings.NewReader(f), Limits{MaxBytes: int64(len(f)), MaxPlays: 3, MaxPlayers: 2}); err != nil || len(got) != 3 {
		t.Errorf("a file at every limit: %d plays, %v", len(got), err)
	}
}

func TestWriteBGGRefuses(t *testing.T) {
	p := evening()[0]
	p.Players[0].Name = "Zoë"
	var buf bytes.Buffer
	inputError(t, "same name twice", seven.WriteBGG(&buf, []Play{p}), "plays[0].players[1].name", "is named twice in this play")
	if buf.Len() != 0 {
		t.Errorf("%d bytes written although the play was refused", buf.Len())
	}
	// An undated play is written with an empty date, and read back undated.
	p = evening()[0]
	p.Played = time.Time{}
	if err := seven.WriteBGG(&buf, []Play{p}); err != nil || !strings.Contains(buf.String(), `date=""`) {
		t.Fatalf("undated play: %v\n%s", err, buf.String())
	}
	if got, err := seven.ReadBGG(&buf, Limits{}); err != nil || !got[0].Played.IsZero() {
		t.Errorf("undated play read back as %v, %v", got, err)
	}
}
