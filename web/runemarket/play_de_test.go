package runemarket_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"tablemate/scoring/runemarket"
	"tablemate/views/i18n"
	rmweb "tablemate/web/runemarket"
	"tablemate/web/runemarket/rmtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// moveIn posts a move built on a fresh form of the turn page in lang.
func moveIn(ts *webtest.Server, t *testing.T, table, lang string, m rmtest.Move) webtest.Page {
	t.Helper()
	f := ts.GetLang(table+"/play", lang).FormOf(t, table+"/play/step")
	for k, v := range m {
		f.Set(k, v)
	}
	return ts.PostLang(table+"/play/step", f, lang)
}

// The Rune Market played along on a German phone: the set-up page, its
// form errors and refusals, the turn page and refused moves read German,
// with the refusal's numbers, names and colours in place; the same moves
// on an English phone read as before.
func TestPlayAlongRuneMarketInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")

	setup := ts.GetLang(table+"/play", "de")
	for sel, want := range map[string]string{
		"h1":                           "Legt den Markt aus",
		`label[for="m-red"]`:           "Rote Runen",
		`label[for="m-boat_shelters"]`: "Bootsunterstände",
		"legend":                       "Wer fängt an?",
		`[data-testid="start-play"]`:   "Spiel starten",
		"p.muted.small":                "Runes · Mitspielen",
	} {
		if got := setup.Text(sel); got != want {
			t.Errorf("set-up page %s: %q, want %q", sel, got, want)
		}
	}
	start := func(lang, red, blue string) webtest.Page {
		f := ts.GetLang(table+"/play", lang).FormOf(t, table+"/play/start")
		for k, v := range map[string]string{"red": red, "blue": blue, "boat_shelters": "1", "bandits": "1", "first": "Ana"} {
			f.Set(k, v)
		}
		return ts.PostLang(table+"/play/start", f, lang)
	}
	for _, tt := range []struct{ lang, red, blue, want string }{
		{"de", "x", "2", "Zählt den Stapel „rote Runen“ im Markt: eine ganze Zahl, 0 oder mehr."},
		{"en", "x", "2", "Count the market's red runes: a whole number, 0 or more."},
		{"de", "0", "0", "Nicht möglich: der Markt braucht rote oder blaue Runen: Das Spiel endet, wenn seine letzte Rune genommen wird (Regel RUN-1)"},
		{"en", "0", "0", "Not possible: the market needs red or blue runes: the game ends when its last rune is taken (rule RUN-1)"},
	} {
		if p := start(tt.lang, tt.red, tt.blue); p.Status != http.StatusUnprocessableEntity || p.Text(".field-error") != tt.want {
			t.Errorf("%s set-up with %s red, %s blue: %d %q, want %q", tt.lang, tt.red, tt.blue, p.Status, p.Text(".field-error"), tt.want)
		}
	}
	if p := rmtest.Start(t, ts, table, "3", "2", "1", "1", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	turn := ts.GetLang(table+"/play", "de")
	for sel, want := range map[string]string{
		`[data-testid="to-move"]`:                    "Zug von Ana",
		`[data-testid="phase"] li:first-child`:       "1Zinsen",
		`[data-testid="interest"] p`:                 "In diesem Zug gibt es keine Zinsen.",
		`[data-testid="interest-skipped"]`:           "übersprungen",
		`[data-testid="undo-step"]`:                  "Rückgängig: Mitgespielte Partie begonnen",
		`[data-player="Ben"] [data-testid="points"]`: "0 Punkte",
	} {
		if got := turn.Text(sel); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	if l, _ := turn.Doc.Find(`[data-testid="market-red"]`).Attr("aria-label"); l != "3 rote Runen übrig" {
		t.Errorf("market's red runes read %q", l)
	}

	refused := func(lang string, m rmtest.Move, want string) {
		t.Helper()
		p := moveIn(ts, t, table, lang, m)
		if got := p.Text(".banner-bad"); p.Status != http.StatusUnprocessableEntity || got != want {
			t.Errorf("%s %v: %d %q, want %q", lang, m, p.Status, got, want)
		}
	}
	refused("de", rmtest.Move{"do": "draw"}, "Nicht möglich: Ana muss in jedem Zug mindestens 1 Handkarte spielen, bevor auf 3 nachgezogen wird (Regel RUN-1)")
	refused("en", rmtest.Move{"do": "draw"}, "Not possible: Ana must play at least 1 hand card every turn before drawing back to 3 (rule RUN-1)")
	for _, tt := range []struct {
		name   string
		move   rmtest.Move
		de, en string
	}{
		{"cards that sum to no rune price", rmtest.Move{"do": "rune", "colour": "red", "cards": "4"},
			"Nicht möglich: eine Rune kostet Zahlenkarten mit der Summe von genau 5, 10 oder 15, nicht 4 (Regel RUN-1)",
			"Not possible: a rune costs number cards summing to exactly 5, 10 or 15, not 4 (rule RUN-1)"},
		{"more cards than the hand holds", rmtest.Move{"do": "rune", "colour": "blue", "cards": "1 1 1 2"},
			"Nicht möglich: Ana hat 3 Handkarten, nicht 4 (Regel RUN-1)",
			"Not possible: Ana holds 3 hand cards, not 4 (rule RUN-1)"},
		{"a colour as an argument", rmtest.Move{"do": "place", "what": "blue|shelter", "count": "1"},
			"Nicht möglich: Ana hat lose Runen in Blau: 0; leg 1 bis 0 hinein (Regel RUN-1)",
			"Not possible: Ana has 0 loose blue runes; place 1 to 0 (rule RUN-1)"},
		{"the item as an argument", rmtest.Move{"do": "buy", "item": "bandit", "pay": "cards", "cards": "9 8", "target": "Ben|red"},
			"Nicht möglich: ein Bandit kostet Zahlenkarten mit der Summe 21 oder mehr, nicht 17 (Regel RUN-1)",
			"Not possible: a bandit costs number cards summing to 21 or more, not 17 (rule RUN-1)"},
		{"a card typed as a word (form error)", rmtest.Move{"do": "rune", "colour": "red", "cards": "vier"},
			`"vier" ist keine Zahlenkarte; gib Zahlen wie 4 6 ein.`,
			`"vier" is not a number card; enter numbers like 4 6.`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			refused("de", tt.move, tt.de)
			refused("en", tt.move, tt.en)
		})
	}
	turn = ts.GetLang(table+"/play", "de")
	for sel, want := range map[string]string{
		`[data-testid="hand"]`:         "Ana hat 3 Handkarten · in diesem Zug noch nichts ausgespielt",
		`[data-testid="draw-hint"]`:    "Spiel zuerst mindestens 1 Handkarte (Regeltext „Handkarten“).",
		`[data-testid="go-rune"]`:      "Rune kaufen",
		`[data-testid="rune"] summary`: "Eine Rune mit Zahlenkarten kaufen (5, 10 oder 15)",
	} {
		if got := turn.Text(sel); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	if got := turn.Text(`#thief-steal option:first-child`); got != "eine Handkarte von Ben (hat 3)" {
		t.Errorf("steal option %q", got)
	}
}

// An open tie-break is asked, and its refusal said, in German.
func TestPlayAlongRuneMarketTieBreakInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	if p := rmtest.Start(t, ts, table, "2", "0", "0", "0", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	for _, m := range []rmtest.Move{
		{"do": "interest"}, {"do": "rune", "colour": "red", "cards": "5"}, {"do": "draw"},
		{"do": "interest"}, {"do": "rune", "colour": "red", "cards": "10"},
	} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d", m, p.Status)
		}
	}
	end := ts.GetLang(table+"/play", "de")
	const question = "Ana und Ben liegen mit 1 Punkt gleichauf, bei gleich vielen Bootsunterständen und Banditen: Gib die höchste Zahlenkarte auf der Hand für Ana und Ben ein"
	if got := end.Text(`[data-testid="tie-question"]`); got != "Ein Gleichstand ist aufzulösen"+question+"." {
		t.Errorf("tie question %q", got)
	}
	if got := end.Text(`[data-testid="to-move"]`); got != "Spiel vorbei" {
		t.Errorf("heading %q", got)
	}
	if got := end.Text(`label:has([data-testid="highest-Ben"])`); got != "Höchste Zahlenkarte auf der Hand von Ben (0, wenn keine)" {
		t.Errorf("card label %q", got)
	}
	p := moveIn(ts, t, table, "de", rmtest.Move{"do": "finish"})
	if got := p.Text(".banner-bad"); p.Status != http.StatusUnprocessableEntity || got != "Nicht möglich: "+question+" (Regel G-2)" {
		t.Errorf("finish without the facts: %d %q", p.Status, got)
	}
	p = moveIn(ts, t, table, "en", rmtest.Move{"do": "finish"})
	if got := p.Text(".banner-bad"); got != "Not possible: Ana and Ben tie on 1 point with equal boat shelters and bandits: enter the highest number card in hand for Ana and Ben (rule G-2)" {
		t.Errorf("English refusal %q", got)
	}
}

// The interest's wording (the page's, the engine's report's phrases said
// in the reader's language) reads in English exactly as the engine's
// report, before phase 1 and after it, for every kind of yield; in German
// every reason is translated.
func TestRuneMarketInterestWording(t *testing.T) {
	en := i18n.With(context.Background(), i18n.English, "/")
	de := i18n.With(context.Background(), i18n.German, "/")
	players := []runemarket.Player{
		{},
		{Shelters: []runemarket.Shelter{{Colour: "red"}}},
		{Shelters: []runemarket.Shelter{{Colour: "red", Runes: 1}, {Colour: "blue", Runes: 3}}},
		{Shelters: []runemarket.Shelter{{Colour: "red", Runes: 1, BoatShelter: true}}},
		{Shelters: []runemarket.Shelter{{Colour: "blue", Runes: 4, BoatShelter: true}, {Colour: "red", Runes: 2, Bandit: "Ben"}}},
		{Shelters: []runemarket.Shelter{{Colour: "blue", Bandit: "Ben"}}},
		{Shelters: []runemarket.Shelter{{Colour: "red", Runes: 1, Bandit: "Ben"}}, BoatShelters: []runemarket.BoatShelter{{}}},
		{BoatShelters: []runemarket.BoatShelter{{Colour: "blue", Runes: 1}, {Colour: "red", Runes: 3}}},
		{Shelters: []runemarket.Shelter{{Colour: "blue", Runes: 2}}, BoatShelters: []runemarket.BoatShelter{{Colour: "red"}}},
	}
	for i, pl := range players {
		pl.Name = "Ana"
		rep := runemarket.Interest(pl)
		first, _, _ := strings.Cut(rep.Text, ". ")
		if got, want := i18n.Say(en, rep.Sum), strings.TrimSuffix(first, ".")+"."; got != want {
			t.Errorf("player %d: %q, the engine says %q", i, got, want)
		}
		if i18n.Say(de, rep.Sum) == i18n.Say(en, rep.Sum) {
			t.Errorf("player %d: %q has no German", i, i18n.Say(en, rep.Sum))
		}
		for j, y := range rep.Yields {
			if got := i18n.Say(en, y.Name); got != y.Shelter {
				t.Errorf("player %d, yield %d: shelter %q, the engine says %q", i, j, got, y.Shelter)
			}
			if got := i18n.Say(en, y.Why); got != y.Reason {
				t.Errorf("player %d, yield %d: %q, the engine says %q", i, j, got, y.Reason)
			}
			if i18n.Say(de, y.Why) == y.Reason || i18n.Say(de, y.Name) == y.Shelter {
				t.Errorf("player %d, yield %d: %q has no German", i, j, y.Reason)
			}
		}
	}
	// After phase 1 the page words the report from the shelters as they
	// stood before it.
	p, err := runemarket.Start([]string{"Ana", "Ben"}, runemarket.Market{Red: 9, Blue: 9}, "Ana")
	if err != nil {
		t.Fatal(err)
	}
	p.Players[0].Shelters = players[4].Shelters
	n, serr := p.Begin().Apply(runemarket.Step{Do: runemarket.DoInterest})
	if serr != nil {
		t.Fatal(serr)
	}
	vm := rmweb.PlayVM(en, n)
	if len(vm.Yields) != 2 || vm.Yields[0].Reason != n.Interest.Yields[0].Reason || vm.Yields[1].Reason != n.Interest.Yields[1].Reason {
		t.Errorf("after interest: %+v", vm.Yields)
	}
	vm = rmweb.PlayVM(de, n)
	if want := "der Bandit von Ben sitzt hier: keine Zinsen, und er bringt 1 rote Rune zu Ben (1 übrig)"; vm.Yields[1].Reason != want || vm.Yields[1].Shelter != "roter Unterstand" {
		t.Errorf("German after interest: %+v", vm.Yields[1])
	}
	if want := "ein Bootsunterstand und 4 Runen darin: doppelte Zinsen, 2 blaue Runen"; vm.Yields[0].Reason != want {
		t.Errorf("German boat shelter: %q", vm.Yields[0].Reason)
	}
	if vm.InterestText != "Nimm 2 blaue Runen als Zinsen vom Markt." {
		t.Errorf("German interest: %q", vm.InterestText)
	}
}

// The choices built in Go are labelled in German, one message per colour.
func TestRuneMarketChoicesInGerman(t *testing.T) {
	de := i18n.With(context.Background(), i18n.German, "/")
	p, err := runemarket.Start([]string{"Ana", "Ben"}, runemarket.Market{Red: 9, Blue: 9, BoatShelters: 2, Bandits: 2}, "Ana")
	if err != nil {
		t.Fatal(err)
	}
	p.Players[0].Shelters = []runemarket.Shelter{{Colour: "blue", Runes: 5, Bandit: "Ben"}, {Colour: "red", Runes: 4}}
	// A loose blue rune, so the ransom's 2 red + 1 blue (runes outside the
	// shelter freed) is one Ana can pay, and the page offers it.
	p.Players[0].Runes = runemarket.Runes{Red: 1, Blue: 1}
	p.Players[1].Shelters = []runemarket.Shelter{{Colour: "red", Runes: 2, BoatShelter: true}}
	n, serr := p.Begin().Apply(runemarket.Step{Do: runemarket.DoInterest})
	if serr != nil {
		t.Fatal(serr)
	}
	vm := rmweb.PlayVM(de, n)
	has := func(what string, got []string, want string) {
		t.Helper()
		for _, g := range got {
			if g == want {
				return
			}
		}
		t.Errorf("%s: no %q in %q", what, want, got)
	}
	var pays, places, targets, steals, ransoms, ransomPays, put []string
	for _, o := range vm.BuyPays {
		pays = append(pays, o.Label)
	}
	for _, o := range vm.BoatPlaces {
		places = append(places, o.Label)
	}
	for _, o := range vm.BanditTargets {
		targets = append(targets, o.Label)
	}
	for _, o := range vm.Steals {
		steals = append(steals, o.Label)
	}
	for _, o := range vm.RansomShelters {
		ransoms = append(ransoms, o.Label)
	}
	for _, o := range vm.RansomPays {
		ransomPays = append(ransomPays, o.Label)
	}
	for _, o := range vm.PlaceOptions {
		put = append(put, o.Label)
	}
	has("pay", pays, "4 rote Runen (hat 6)")
	has("pay", pays, "Zahlenkarten mit der Summe 21 oder mehr")
	has("boat shelter", places, "In den roten Unterstand (doppelte Zinsen)")
	has("bandit", targets, "roter Unterstand von Ben (Runen: 2) – zerstört seinen Bootsunterstand")
	has("steal", steals, "eine rote Rune von Ben (hat 2)")
	has("ransom", ransoms, "den blauen Unterstand (Bandit von Ben)")
	has("ransom pay", ransomPays, "2 rote + 1 blaue Runen")
	has("place", put, "rote Runen in den roten Unterstand")
}
