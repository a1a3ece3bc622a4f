package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// stdio is what a command reads and writes: its input, its output and
// where errors and logs go.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// cmdSpec is what the help says about a command beyond its flags, which
// always come from the command's own flag set (see parseArgs), so a flag
// added to a command shows up in its help without touching this file.
type cmdSpec struct {
	name    string
	args    string // the positional arguments in the synopsis, e.g. "GAME [FILE]"
	summary string // one line for the list of commands
	about   func() string
	// minArgs and maxArgs bound the positional arguments; needs says what
	// a missing one is.
	minArgs, maxArgs int
	needs            string
}

// commands are the subcommands in the order the help lists them.
var commands = []cmdSpec{
	{
		name: "serve", summary: "run the web app for the phones at the table (the default command)",
		about: func() string {
			return `Serves the web app. "tablemate" alone does the same as "tablemate serve".
At start-up it prints the addresses that phones on the same Wi-Fi or
network can open, and a QR code of the first one to scan. Stop it with
Ctrl+C (or SIGTERM): requests in flight are finished first.`
		},
	},
	{
		name: "check", args: "GAME [FILE]", summary: "score a game's state (JSON) with the same engine as the API",
		minArgs: 1, maxArgs: 2, needs: "GAME, one of: " + gameSlugs(),
		about: func() string {
			return `Reads a game's state as JSON from FILE (or from standard input when FILE
is "-" or missing), scores it as POST /api/v1/games/GAME/score does and
prints the same answer. Exit status: 0 a valid state, 1 a state that
breaks a rule (the answer lists the violations), 2 input that is not a
state at all or a usage error.
` + strings.TrimSuffix(wrap("GAME is one of: "+gameSlugs()+".", 72, ""), "\n")
		},
	},
	{
		name: "migrate", summary: "create the database, or bring its schema up to date",
		about: func() string {
			return `Creates the database file if there is none and applies the schema
migrations it lacks. "serve" does this too at start-up.`
		},
	},
	{
		name: "backup", args: "FILE", summary: "copy the database to FILE, also while the server runs",
		minArgs: 1, maxArgs: 1, needs: "FILE, the backup file to write, e.g. tablemate backup tablemate-backup.db",
		about: func() string {
			return `Writes a consistent copy of the database to FILE (a new file; an
existing one is not overwritten), also while "serve" is running. To
restore, stop the server, delete the database's -wal and -shm files,
copy FILE over the database file and start the server again.`
		},
	},
}

func findCommand(name string) (cmdSpec, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return cmdSpec{}, false
}

func commandNames() string {
	names := make([]string, 0, len(commands)+1)
	for _, c := range commands {
		names = append(names, c.name)
	}
	return strings.Join(append(names, "help"), ", ")
}

// errHelpShown reports that a command printed its help instead of
// running (it was given -h or --help): exit status 0.
var errHelpShown = errors.New("help shown")

// usageError is a command called the wrong way: exit status 2, with the
// command's synopsis after the message.
type usageError struct {
	cmd, msg, usage string
}

func newUsageError(c cmdSpec, fs *flag.FlagSet, msg string) *usageError {
	what := "what it does"
	if hasFlags(fs) {
		what = "its flags and " + what
	}
	return &usageError{cmd: c.name, msg: msg,
		usage: fmt.Sprintf("Usage: %s\nRun \"tablemate help %s\" for %s.\n", synopsis(c, fs), c.name, what)}
}

func (e *usageError) Error() string { return e.msg }

// exitStatus ends a command with a status whose explanation was printed
// already (check's answer).
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// parseArgs parses a command's flags, which may come before, between or
// after its positional arguments ("--" ends the flags), and checks the
// number of those arguments. -h or --help prints the command's help to
// out and returns errHelpShown.
func parseArgs(fs *flag.FlagSet, args []string, name string, out io.Writer) ([]string, error) {
	spec, _ := findCommand(name)
	fs.SetOutput(io.Discard) // the flag package's own messages; ours are below
	fs.Usage = func() {}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				writeCommandHelp(out, spec, fs)
				return nil, errHelpShown
			}
			return nil, newUsageError(spec, fs, err.Error())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if read := len(args) - len(rest); read > 0 && args[read-1] == "--" {
			positional = append(positional, rest...)
			break
		}
		positional, args = append(positional, rest[0]), rest[1:]
	}
	switch {
	case len(positional) > spec.maxArgs:
		extra := positional[spec.maxArgs:]
		msg := "unexpected argument"
		if len(extra) > 1 {
			msg += "s"
		}
		quoted := make([]string, len(extra))
		for i, a := range extra {
			quoted[i] = fmt.Sprintf("%q", a)
		}
		msg += " " + strings.Join(quoted, " ") + ": " + takes(spec)
		return nil, newUsageError(spec, fs, msg)
	case len(positional) < spec.minArgs:
		return nil, newUsageError(spec, fs, "missing "+spec.needs)
	}
	return positional, nil
}

// takes says which arguments a command takes, for the error naming an
// unexpected one.
func takes(c cmdSpec) string {
	if c.maxArgs == 0 {
		return c.name + " takes only flags"
	}
	return c.name + " takes " + c.args
}

func synopsis(c cmdSpec, fs *flag.FlagSet) string {
	s := "tablemate " + c.name
	if hasFlags(fs) {
		s += " [flags]"
	}
	if c.args != "" {
		s += " " + c.args
	}
	return s
}

// writeCommandHelp prints a command's help: synopsis, what it does and
// its flags, from the flag set the command parses.
func writeCommandHelp(w io.Writer, c cmdSpec, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: %s\n\n", synopsis(c, fs))
	if c.about != nil {
		fmt.Fprintf(w, "%s\n", c.about())
	}
	if !hasFlags(fs) {
		return
	}
	fmt.Fprintf(w, "\nFlags:\n")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		if def := defaultOf(f); def != "" {
			usage += " (default " + def + ")"
		}
		fmt.Fprintln(w, line)
		fmt.Fprint(w, wrap(usage, 72, "        "))
	})
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// defaultOf is a flag's default as the help shows it: quoted for text,
// left out when it is the type's zero value.
func defaultOf(f *flag.Flag) string {
	switch f.DefValue {
	case "", "0", "false", "0s", "[]":
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, text := g.Get().(string); text {
			return fmt.Sprintf("%q", f.DefValue)
		}
	}
	return f.DefValue
}

// wrap breaks text into lines of at most width characters (a longer word
// stays whole), each starting with indent.
func wrap(text string, width int, indent string) string {
	var b strings.Builder
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	b.WriteString(line + "\n")
	return b.String()
}
