package i18n_test

import (
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
	"tablemate/views/i18n"
	"tablemate/web/games"
)

// owners tells, for each key of the catalog that belongs to one game,
// which game (by its package name, "kks"): a key belongs to a game when
// only that game's homes (scoring/<game>, web/<game>) use it and no
// shared package does. Used means: a ruling id of its engine's Rulebook
// ("ruling.<id>"), a code ("violation.<code>") or sentence its engine
// says (scoringtest.MessagesByPackage), a string literal of its web
// package's code and templates (its de*.go, which hold the catalog, not
// uses, left out), or a key naming its slug.
func owners(t *testing.T) map[string]string {
	t.Helper()
	type use struct {
		games  map[string]bool
		shared bool
	}
	uses := map[string]*use{}
	mark := func(key, game string) {
		u := uses[key]
		if u == nil {
			u = &use{games: map[string]bool{}}
			uses[key] = u
		}
		if game == "" {
			u.shared = true
		} else {
			u.games[game] = true
		}
	}
	// The engines' packages, by import path, and every game's name.
	enginePkg := map[string]string{}
	var names, slugs []string
	for _, g := range games.Every() {
		pkg := reflect.TypeOf(g.Engine).PkgPath()
		name := path.Base(pkg)
		enginePkg[pkg] = name
		names = append(names, name)
		slugs = append(slugs, g.Engine.Info().Slug)
		if r, ok := g.Engine.(scoring.Ruled); ok {
			for _, rl := range r.Rulebook().Rulings {
				mark("ruling."+rl.ID, name)
			}
		}
	}
	for _, rl := range scoring.SharedRulings() {
		mark("ruling."+rl.ID, "")
	}
	// What the engines and the shared packages say.
	pkgs := engines()
	for pkg := range enginePkg {
		if !strings.Contains(strings.Join(pkgs, " "), pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	for pkg, said := range scoringtest.MessagesByPackage(t, pkgs...) {
		game := enginePkg[pkg] // "" for the shared ones
		for f := range said.Formats {
			mark(f, game)
		}
		for c := range said.Codes {
			mark("violation."+c, game)
		}
	}
	// The literals of the pages' code, by the home they are in.
	for file, text := range sources(t) {
		rel := strings.TrimPrefix(file, root+"/")
		base := path.Base(rel)
		if base == "de.go" || strings.HasPrefix(base, "de_") {
			continue
		}
		game := ""
		for _, n := range names {
			if strings.HasPrefix(rel, "web/"+n+"/") || strings.HasPrefix(rel, "scoring/"+n+"/") {
				game = n
			}
		}
		for _, m := range anyLit.FindAllString(text, -1) {
			if u, err := strconv.Unquote(m); err == nil {
				mark(u, game)
			}
		}
	}
	out := map[string]string{}
	for key, u := range uses {
		if !u.shared && len(u.games) == 1 {
			for g := range u.games {
				out[key] = g
			}
		}
	}
	// A key (not a sentence) that names a game's slug or package
	// ("label.kodiak-round") is that game's.
	for _, key := range i18n.Keys() {
		if strings.Contains(key, " ") {
			continue
		}
		for i, slug := range slugs {
			if namesSegment(key, slug) || namesSegment(key, names[i]) {
				out[key] = names[i]
			}
		}
	}
	return out
}

// namesSegment reports whether key has word as a whole segment of lower
// case letters, digits, hyphens and underscores.
func namesSegment(key, word string) bool {
	for _, seg := range strings.FieldsFunc(key, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) {
		if seg == word {
			return true
		}
	}
	return false
}

// TestSharedCatalogHoldsNoGamesWords: the shared catalog (views/i18n's
// de*.go) holds no key that belongs to one game (owners): a game's
// rulings, codes, sentences and page words are in its web/<game>/de.go,
// so adding or changing a game touches its own folders only.
func TestSharedCatalogHoldsNoGamesWords(t *testing.T) {
	withoutRace(t)
	own := owners(t)
	if len(own) < 100 {
		t.Fatalf("only %d keys belong to a game: is the collection broken?", len(own))
	}
	var wrong []string
	for _, k := range i18n.SharedKeys() {
		if g, ok := own[k]; ok {
			wrong = append(wrong, g+"\t"+strconv.Quote(k))
		}
	}
	sort.Strings(wrong)
	for _, w := range wrong {
		g, k, _ := strings.Cut(w, "\t")
		t.Errorf("views/i18n holds %s, which is %s's: its German belongs in web/%s/de.go", k, g, g)
	}
}

// TestSharedKeysInSharedCatalog: a key the shared pages use (views,
// views/card, web/server and the areas moved out of it, the registry,
// cmd/tablemate) has its German in the shared
// catalog, not only in a game's part: the shared pages say it whichever
// games the registry lists.
func TestSharedKeysInSharedCatalog(t *testing.T) {
	withoutRace(t)
	src := sources(t)
	shared := map[string]string{}
	for file, text := range src {
		rel := strings.TrimPrefix(file, root+"/")
		for _, dir := range []string{"views/", "web/server/", "web/serve/", "web/api/", "web/leagues/", "web/check/", "web/interop/", "web/replay/", "web/live/", "web/games/", "cmd/"} {
			if strings.HasPrefix(rel, dir) {
				shared[file] = text
			}
		}
	}
	have := map[string]bool{}
	for _, k := range i18n.SharedKeys() {
		have[k] = true
	}
	var missing []string
	for k, file := range usedKeys(t, shared) {
		if i18n.Has(k) && !have[k] {
			missing = append(missing, file+": "+strconv.Quote(k))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s has its German only in a game's catalog; it belongs in views/i18n", m)
	}
}
