package alaska_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/alaska"
	"tablemate/views/i18n"
	"tablemate/web/alaska/alaskatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// akTapDE is akTap on the German page.
func akTapDE(ts *webtest.Server, t *testing.T, table string, m alaskatest.Move) webtest.Page {
	t.Helper()
	p := ts.GetLang(table+"/play"+m.Query, "de")
	f := p.FormOf(t, table+"/play/step")
	f.Set("move", m.Move)
	return ts.PostLang(table+"/play/step", f, "de")
}

// akEnglish finds English words left on a German page.
var akEnglish = regexp.MustCompile(`\b(?:the|and|your|you|cards?|salmon|turn|section|cast|play|draw|pile|tourist|local|eagle|bear|flow)\b`)

// TestPlayAlongAlaskaInGerman: a German reader gets the setup, the turn
// page, the moves told and the refusals in German, arguments included.
func TestPlayAlongAlaskaInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")

	setup := ts.GetLang(table+"/play", "de")
	for sel, want := range map[string]string{
		"h1":                            "Legt den Fluss aus",
		"legend":                        "Wer ist am ältesten? Diese Person beginnt.",
		`label[for="draw-pile"]`:        "Karten im Nachziehstapel",
		"#pile-hint":                    "Leer lassen für ein volles Deck: 76 Karten − 10 Flusskarten − 4 pro Person = 58. Ist der Stapel leer, haben alle noch einen Zug.",
		`[data-testid="start-play"]`:    "Spiel starten",
		`label:has([data-testid=dice])`: "Cambio-Würfel-Variante",
	} {
		if got := setup.Text(sel); got != want {
			t.Errorf("setup %s: %q, want %q", sel, got, want)
		}
	}
	if txt := setup.Text("main"); akEnglish.MatchString(txt) {
		t.Errorf("English on the German setup page: %q in %q", akEnglish.FindString(txt), txt)
	}
	start := func(pile string) webtest.Page {
		f := ts.GetLang(table+"/play", "de").FormOf(t, table+"/play/start")
		f.Set("first", "Ana")
		f.Set("draw_pile", pile)
		return ts.PostLang(table+"/play/start", f, "de")
	}
	if p := start("lots"); p.Status != http.StatusUnprocessableEntity || p.Text(".field-error") != "Gib die Zahl der Karten im Nachziehstapel ein oder lass das Feld leer für ein volles Deck." {
		t.Errorf("pile that is no number: %d %q", p.Status, p.Text(".field-error"))
	}
	// The engine's refusal of the set-up, its numbers in the German text.
	if p := start("70"); p.Status != http.StatusUnprocessableEntity ||
		p.Text(".field-error") != "Nicht möglich: Der Nachziehstapel hat 0 bis 58 Karten bei 2 Personen (76 Karten − 10 Flusskarten − 8 ausgeteilt), nicht 70 (Regel CAM-1)" {
		t.Errorf("pile too big: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := start("9"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.GetLang(table+"/play", "de")
	for sel, want := range map[string]string{
		`[data-testid="to-move"]`:          "Ana ist dran",
		`[data-testid="draw-pile"]`:        "9 Karten im Nachziehstapel",
		`.ak-phases [aria-current="step"]`: "1Lachse fallen hinein",
		`[data-testid="events"] h2`:        "Erster Zug",
		`[data-testid="end-turn"]`:         "Zug beenden (erst 3 weitere Karten spielen: höchstens 1 behalten)",
		`[data-player="Ana"] .small`:       "4 Karten auf der Hand",
		`[data-player="Ana"] .ak-unit`:     "Lachse",
		`[data-testid="flow"]`:             "Strömungskarte spielen: Jeder Lachs zieht einen Abschnitt weiter",
		`[data-testid="events"] p`:         "Lachskarten auf der Hand von Ana fallen zuerst in den Fluss: Ben (rechts von Ana) legt jede über zwei Abschnitte. Dann Strömungskarten, dann Würfe, Angler, Adler und Bär.",
		`.ak-river text.ak-centre.small`:   "noch 9 Karten",
		"main > h2":                        "Gefangene Lachse",
	} {
		if got := play.Text(sel); got != want {
			t.Errorf("turn page %s: %q, want %q", sel, got, want)
		}
	}
	for sel, want := range map[string]string{
		`[data-testid="section-7"]`: "Abschnitt 7: leer",
		`[data-testid="border-4"]`:  "Den Lachs über 4 und 5 legen (dort jetzt 0 Lachse)",
		`[data-testid="river"]`:     "Der Fluss: Abschnitte 1 bis 10 im Kreis; die Strömung läuft gegen den Uhrzeigersinn, zu den kleineren Zahlen",
		`.ak-phases`:                "Phasen des Zuges",
	} {
		if got, _ := play.Doc.Find(sel).Attr("aria-label"); got != want {
			t.Errorf("turn page %s is named %q, want %q", sel, got, want)
		}
	}
	if got := play.Text(`[data-testid="undo-step"]`); got != "Rückgängig: Mitgespielte Partie begonnen" {
		t.Errorf("undo button %q", got)
	}
	if txt := play.Text("main"); akEnglish.MatchString(txt) {
		t.Errorf("English on the German turn page: %q in %q", akEnglish.FindString(txt), txt)
	}
	if txt := ts.GetLang(table+"/play?at=4", "de").Text(`[data-testid="place-panel"]`); txt != "Ben legt den Lachs von Ana über die Abschnitte 4 und 5.Lachs hierhin legen Anderen Platz wählen" {
		t.Errorf("place panel: %q", txt)
	}

	// Refused steps: the engine's format in German with its arguments,
	// river refusals (MoveError) included, and the rule.
	for _, c := range []struct{ move, want string }{
		{"end", "Nicht möglich: Ana hat 4 Karten: Spiel alle bis auf höchstens 1, bevor du nachziehst (Regeltext: Ablauf eines Zuges, III) (Regel ALA-1)"},
		{"eagle:section:2", "Nicht möglich: In Abschnitt 2 angelt niemand (Regel ALA-1)"},
		{"eagle:salmon:7", "Nicht möglich: Auf 7–8 liegt kein Lachs (Regel ALA-1)"},
		{"cast:14", "Nicht möglich: 14 ist keine Zahlenkarte (0–13) (Regel CAM-1)"},
		{"cast:1+2+3", "Nicht möglich: Ein Wurf ist eine Zahlenkarte oder zwei zusammen, nicht 3 (Regel ALA-1)"},
		{"angler:bob:3", `Nicht möglich: "bob" ist kein Angler: Setz einen Touristen oder einen Einheimischen (Regel ALA-1)`},
		{"bear_eat:Zed", `Nicht möglich: "Zed" sitzt nicht am Tisch: Nenne, wer den Bären wirft (Regel ALA-1)`},
		{"bear_eat:Ben", "Nicht möglich: Ein Bär wird sofort geworfen, nachdem Ana einen Lachs gefangen hat (mit einem Wurf oder dem Adler), und nur dann (Regel ALA-1)"},
		{"fish", `Wähle einen Zug: "fish" ist keiner.`},
	} {
		t.Run(c.move, func(t *testing.T) {
			p := akTapDE(ts, t, table, alaskatest.Move{Query: "", Move: c.move})
			if got := p.Text(`[role="status"].banner-bad`); p.Status != http.StatusUnprocessableEntity || got != c.want {
				t.Errorf("%d %q, want %q", p.Status, got, c.want)
			}
		})
	}

	// The moves are told in German, sentence by sentence.
	for _, m := range alaskatest.Script[:3] { // salmon on 4, flow, cast 1 + 2 catches it
		if p := akTapDE(ts, t, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%s: %d %s", m.Move, p.Status, p.Text(`[role="status"]`))
		}
	}
	play = ts.GetLang(table+"/play", "de")
	told := play.Doc.Find(`[data-testid="events"] li`).Map(func(_ int, s *goquery.Selection) string { return strings.TrimSpace(s.Text()) })
	want := []string{
		"Ben legt den Lachs von Ana. Ein Lachs fällt in den Fluss, auf 4–5.",
		"Der Fluss strömt einmal: Jeder Lachs zieht einen Abschnitt flussabwärts.",
		"Ana wirft 1 + 2 in Abschnitt 3. Ana fängt den Lachs auf 3–4 und legt ihn offen vor sich.",
	}
	if strings.Join(told, "\n") != strings.Join(want, "\n") {
		t.Errorf("moves told:\n%s\nwant:\n%s", strings.Join(told, "\n"), strings.Join(want, "\n"))
	}
	if got := play.Text(`[data-testid="bear-eat"]`); !strings.Contains(got, "Wer einen Bären hat, darf ihn jetzt werfen: Er frisst den Lachs von Ana.") || !strings.Contains(got, "Der Bär von Ben frisst ihn") {
		t.Errorf("bear banner: %q", got)
	}
	if got, _ := play.Doc.Find(`[data-testid="section-3"]`).Attr("aria-label"); got != "Abschnitt 3: leer (letzter Wurf)" {
		t.Errorf("section hit: %q", got)
	}
	if txt := play.Text("main"); akEnglish.MatchString(txt) {
		t.Errorf("English on the German turn page: %q in %q", akEnglish.FindString(txt), txt)
	}
	panel := ts.GetLang(table+"/play?sec=6", "de")
	if got := panel.Text(`[data-testid="cast-preview"]`); got != "Ein Wurf in 6: Der Wurf von Ana in Abschnitt 6 fängt nichts. (Ana hat keine Karte mehr zum Werfen.)" {
		t.Errorf("cast preview: %q", got)
	}
	if got := panel.Text(`[data-testid="section-panel"] h2`); got != "Abschnitt 6" {
		t.Errorf("section panel: %q", got)
	}
}

// TestAlaskaToldHasGerman: every sentence the Alaska engine tells and every
// river refusal (the tell… and refuse… formats in scoring/alaska/play.go,
// which the catalog's scan of refusals does not see) has German.
func TestAlaskaToldHasGerman(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../scoring/alaska/play.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		spec, ok := node.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range spec.Names {
			if !strings.HasPrefix(name.Name, "tell") && !strings.HasPrefix(name.Name, "refuse") || i >= len(spec.Values) {
				continue
			}
			lit, ok := spec.Values[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if !i18n.Has(s) {
				t.Errorf("%s has no German: %q", name.Name, s)
			}
		}
		return true
	})
	if n < 30 {
		t.Fatalf("found only %d of the engine's formats; is the scan broken?", n)
	}
}
