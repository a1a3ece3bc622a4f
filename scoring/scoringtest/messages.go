package scoringtest

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// Message is one sentence a package's code may say: a constant format
// passed to a format parameter (see Messages), where it is passed.
type Message struct {
	Format string
	Pos    string
}

// Said is what Messages finds in packages' code: every message format
// (the formats of refusals, violations, score lines, tie-break
// questions, input errors and the words passed as phrases) and every
// code, each with where it is first passed, and the problems that keep a
// sentence from being translated (a format that is not a constant, a
// message set by hand), each with where it is.
type Said struct {
	Formats  map[string]string
	Codes    map[string]string
	Problems *[]string
	// ByCode lists, for each code, the message formats passed with it in
	// one call (a refusal's or violation's code and sentence), each once.
	ByCode map[string][]string
}

func (s Said) problem(pos, format string, args ...any) {
	*s.Problems = append(*s.Problems, pos+": "+fmt.Sprintf(format, args...))
}

// formatParams are the names of the parameters that take a message
// format: scoring.Phrasef, Refusef, Violationf, Errorf and Linef call
// theirs format, scoring.Count its two forms one and many, and an
// engine's own helpers follow the same names (a refuser's no(code, rule,
// format, args...)).
var formatParams = []string{"format", "one", "many"}

// builtByHand are the scoring types that carry a sentence beside its
// phrase: outside package scoring they are built through their
// constructors (Refusef, Violationf, Errorf, Linef), never as a literal
// with a ready-made message or label, which no catalog could translate.
var builtByHand = map[string]string{
	"StepError": "Message", "Violation": "Message", "InputError": "Message", "Line": "Label",
}

// Messages type-checks the packages matching patterns (go list patterns
// such as "tablemate/scoring/kks") and returns every message format and
// every code their code passes to one of ours (a function of a tablemate
// package, or a local func): the argument of a parameter named format,
// one or many must be a constant, or such a parameter of the calling
// function passed on; anything else (a message built with fmt.Sprintf, a
// variable) fails t, since no catalog could translate it. Codes are the
// constants passed to a parameter named code and the constants of a
// struct field named Code.
func Messages(t testing.TB, patterns ...string) Said {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	said := Said{Formats: map[string]string{}, Codes: map[string]string{}, Problems: &[]string{}, ByCode: map[string][]string{}}
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			t.Fatalf("%s: %v", pkg.PkgPath, e)
		}
		said.collect(pkg)
	}
	return said
}

func (s Said) collect(pkg *packages.Package) {
	info := pkg.TypesInfo
	// The parameters of every function that pass a format on.
	forwards := map[types.Object]bool{}
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			var ft *ast.FuncType
			switch fn := n.(type) {
			case *ast.FuncDecl:
				ft = fn.Type
			case *ast.FuncLit:
				ft = fn.Type
			default:
				return true
			}
			for _, field := range ft.Params.List {
				for _, name := range field.Names {
					if slices.Contains(formatParams, name.Name) || name.Name == "code" {
						forwards[info.Defs[name]] = true
					}
				}
			}
			return true
		})
	}
	for _, f := range pkg.Syntax {
		if restores(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				s.call(pkg, forwards, x)
			case *ast.CompositeLit:
				s.byHand(pkg, x)
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if id, isID := kv.Key.(*ast.Ident); isID && id.Name == "Code" {
						if v, ok := stringConst(info, kv.Value); ok {
							s.add(s.Codes, v, pkg, kv)
						}
					}
				}
			}
			return true
		})
	}
}

// call collects the formats and codes a call passes to one of our
// functions.
func (s Said) call(pkg *packages.Package, forwards map[types.Object]bool, call *ast.CallExpr) {
	info := pkg.TypesInfo
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	if !ok || !ours(info, call.Fun) {
		return
	}
	params := sig.Params()
	var code, format string
	defer func() {
		if code != "" && format != "" && !slices.Contains(s.ByCode[code], format) {
			s.ByCode[code] = append(s.ByCode[code], format)
		}
	}()
	for i, arg := range call.Args {
		if i >= params.Len() || (sig.Variadic() && i >= params.Len()-1) {
			break
		}
		p := params.At(i)
		if b, ok := p.Type().(*types.Basic); !ok || b.Kind() != types.String {
			continue
		}
		switch {
		case slices.Contains(formatParams, p.Name()):
			if v, ok := stringConst(info, arg); ok {
				s.add(s.Formats, v, pkg, arg)
				if p.Name() == "format" {
					format = v
				}
			} else if !forwarded(info, forwards, arg) {
				s.problem(pkg.Fset.Position(arg.Pos()).String(), "the message format passed to %s is not a constant: no catalog can translate it (pass a constant format and its arguments)", p.Name())
			}
		case p.Name() == "code":
			if v, ok := stringConst(info, arg); ok {
				s.add(s.Codes, v, pkg, arg)
				code = v
			}
		}
	}
}

// byHand reports a literal of a scoring type that carries a sentence
// (builtByHand) with that sentence set, outside package scoring.
func (s Said) byHand(pkg *packages.Package, lit *ast.CompositeLit) {
	if pkg.PkgPath == "tablemate/scoring" {
		return
	}
	named, ok := pkg.TypesInfo.TypeOf(lit).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "tablemate/scoring" {
		return
	}
	field, ok := builtByHand[named.Obj().Name()]
	if !ok {
		return
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				s.problem(pkg.Fset.Position(lit.Pos()).String(), "a scoring.%s built with its %s by hand: build it with its constructor, so its phrase can be translated", named.Obj().Name(), field)
			}
		}
	}
}

func (s Said) add(m map[string]string, v string, pkg *packages.Package, n ast.Node) {
	if _, ok := m[v]; !ok {
		m[v] = pkg.Fset.Position(n.Pos()).String()
	}
}

// ours reports whether fun is a function of a tablemate package or a
// local func (whose formats are ours too), not fmt.Sprintf and the like.
func ours(info *types.Info, fun ast.Expr) bool {
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr: // a generic function instantiated
		return ours(info, f.X)
	default:
		return false
	}
	obj := info.Uses[id]
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	return obj.Pkg().Path() == "tablemate" || strings.HasPrefix(obj.Pkg().Path(), "tablemate/")
}

func stringConst(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// forwarded reports whether e is a format parameter of the function it
// is in, passed on.
func forwarded(info *types.Info, forwards map[types.Object]bool, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && forwards[info.Uses[id]]
}

// restoresMark marks a file that says nothing new: it reads back
// sentences said before and stored (the sessions' snapshot codec), so its
// formats are not constants and its violations and lines are put back as
// they were. Its sentences were collected where they were first said.
const restoresMark = "//scoringtest:restores"

// restores reports whether f carries restoresMark.
func restores(f *ast.File) bool {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if c.Text == restoresMark {
				return true
			}
		}
	}
	return false
}

// MessagesByPackage is Messages for each package on its own: what each
// package matching patterns says, by its import path (the structure
// tests tell a game's sentences and codes from the shared ones so).
func MessagesByPackage(t testing.TB, patterns ...string) map[string]Said {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Said{}
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			t.Fatalf("%s: %v", pkg.PkgPath, e)
		}
		said := Said{Formats: map[string]string{}, Codes: map[string]string{}, Problems: &[]string{}, ByCode: map[string][]string{}}
		said.collect(pkg)
		out[pkg.PkgPath] = said
	}
	return out
}
