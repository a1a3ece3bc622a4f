package webtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// storeWords name a test about what the store does: such a test runs on
// both engines (SQLiteOnly's rule).
var storeWords = regexp.MustCompile(`(?i)hostile|conflict|stale|token|outage|import|snapshot|append|concurren|race|busy|disk|undo|migrat|postgres|store|second|servers`)

// storeCalls are the harness's ways into the store itself: reading the
// database, a second server on it, PostgreSQL stopped or asked for.
var storeCalls = map[string]bool{"RawDB": true, "Second": true, "StartOn": true, "PostgresServer": true,
	"Postgres": true, "Halt": true, "Resume": true, "FreshT": true, "DB": true}

// TestSQLiteOnlyKeepsTheRule reads every web package's tests and fails
// when a test that runs on SQLite only (SQLiteOnly) is named for the
// store's behaviour, reaches into the store (storeCalls), gives no reason
// or skips anywhere but at its start. It also fails when no test calls
// SQLiteOnly (a rule nobody follows holds nothing).
func TestSQLiteOnlyKeepsTheRule(t *testing.T) {
	files, err := filepath.Glob("../*/*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	eachTest(t, files, func(path string, fn *ast.FuncDecl) {
		calls := 0
		var reaches []string
		ast.Inspect(fn.Body, func(node ast.Node) bool {
			sel, ok := node.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if sel.Sel.Name == "SQLiteOnly" {
				calls++
			} else if storeCalls[sel.Sel.Name] {
				reaches = append(reaches, sel.Sel.Name)
			}
			return true
		})
		if calls == 0 {
			return
		}
		n++
		where := path + ": " + fn.Name.Name
		if storeWords.MatchString(fn.Name.Name) {
			t.Errorf("%s runs on SQLite only, but its name says it is about the store (%q): it runs on both engines", where, storeWords.FindString(fn.Name.Name))
		}
		if len(reaches) > 0 {
			t.Errorf("%s runs on SQLite only, but reaches into the store (%s): it runs on both engines", where, strings.Join(reaches, ", "))
		}
		if calls > 1 || !skipsFirst(fn) {
			t.Errorf("%s: webtest.SQLiteOnly(t, why) is to be its first statement (or second, after t.Parallel), with the reason as a string", where)
		}
	})
	if n == 0 {
		t.Fatal("no test calls SQLiteOnly: the rule is checked on nothing")
	}
	t.Logf("%d tests run on SQLite only", n)
}

// skipsFirst tells whether fn's first statement (or its second, after
// t.Parallel()) is webtest.SQLiteOnly(t, "a reason"), and no other
// statement calls it.
func skipsFirst(fn *ast.FuncDecl) bool {
	at := -1
	for i, st := range fn.Body.List {
		call := callOf(st)
		if call == nil {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "SQLiteOnly" {
			continue
		}
		if at >= 0 || len(call.Args) != 2 {
			return false
		}
		lit, ok := call.Args[1].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		if why, err := strconv.Unquote(lit.Value); err != nil || len(strings.TrimSpace(why)) < 10 {
			return false
		}
		at = i
	}
	switch at {
	case 0:
		return true
	case 1:
		first := callOf(fn.Body.List[0])
		if first == nil {
			return false
		}
		sel, ok := first.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Parallel"
	}
	return false
}

func callOf(st ast.Stmt) *ast.CallExpr {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	call, _ := es.X.(*ast.CallExpr)
	return call
}

// TestWithoutRaceRunsInMakeUnit: every test of the module that skips
// itself under -race (webtest.WithoutRace, or a package's own
// withoutRace, as views/card's) is one the Makefile's unit step runs
// without it (UNIT_NORACE, in a package of UNIT_NORACE_PKGS), and a web
// package's runs on SQLite only (a store-neutral test: the step runs no
// PostgreSQL pass); so each of its checks still runs in make test.
func TestWithoutRaceRunsInMakeUnit(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	makeVar := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `\s*\?=\s*(.*)$`).FindStringSubmatch(string(mk))
		if m == nil {
			t.Fatalf("the Makefile sets no %s", name)
		}
		return strings.ReplaceAll(strings.TrimSpace(m[1]), "$$", "$")
	}
	run, err := regexp.Compile(makeVar("UNIT_NORACE"))
	if err != nil {
		t.Fatalf("UNIT_NORACE: %v", err)
	}
	pkgs := map[string]bool{}
	for _, p := range strings.Fields(makeVar("UNIT_NORACE_PKGS")) {
		pkgs[strings.Trim(strings.TrimPrefix(p, "./"), "/")] = true
	}
	if !strings.Contains(string(mk), `-run "$(UNIT_NORACE)" $(UNIT_NORACE_PKGS)`) {
		t.Error("the Makefile's unit step does not run UNIT_NORACE in UNIT_NORACE_PKGS")
	}
	var files []string
	err = filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "../.." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	eachTest(t, files, func(path string, fn *ast.FuncDecl) {
		dir := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../../"))
		calls := map[string]bool{}
		ast.Inspect(fn.Body, func(node ast.Node) bool {
			switch node := node.(type) {
			case *ast.SelectorExpr:
				calls[node.Sel.Name] = true
			case *ast.CallExpr:
				if id, ok := node.Fun.(*ast.Ident); ok {
					calls[id.Name] = true
				}
			}
			return true
		})
		if !calls["WithoutRace"] && !calls["withoutRace"] {
			return
		}
		n++
		where := path + ": " + fn.Name.Name
		if !run.MatchString(fn.Name.Name) || !pkgs[dir] {
			t.Errorf("%s skips itself under -race, but make unit's step without -race (UNIT_NORACE %s in %v) does not run it", where, run, pkgs)
		}
		if strings.HasPrefix(dir, "web/") && !calls["SQLiteOnly"] {
			t.Errorf("%s skips itself under -race but is not SQLiteOnly: the step without -race runs no PostgreSQL pass", where)
		}
	})
	if n == 0 {
		t.Fatal("no test calls WithoutRace: UNIT_NORACE runs nothing")
	}
	t.Logf("%d tests run without -race", n)
}

// eachTest calls check with every test function (TestX with a body) of
// the Go files at paths.
func eachTest(t *testing.T, paths []string, check func(path string, fn *ast.FuncDecl)) {
	t.Helper()
	fset := token.NewFileSet()
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil && strings.HasPrefix(fn.Name.Name, "Test") {
				check(path, fn)
			}
		}
	}
}
