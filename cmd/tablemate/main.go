// Command tablemate is the table companion: a web server for phones at the
// game table, a score checker for the command line, and database tools.
// "tablemate help" lists the commands with their flags and arguments:
//
//	tablemate [serve] [flags]         the web app (the default command)
//	tablemate check GAME [FILE]       score a JSON state (FILE "-" or missing reads stdin)
//	tablemate migrate [flags]         bring the database schema up to date
//	tablemate backup [flags] FILE     copy the database while it is in use
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"tablemate/web/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches a subcommand and returns the process exit code:
// 0 ok (help included), 1 an invalid game state (check), 2 a usage or
// runtime error.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	std := stdio{in: stdin, out: stdout, err: stderr}
	name := "serve"
	if len(args) > 0 {
		switch a := args[0]; {
		case a == "help" || isHelpFlag(a):
			return helpCmd(ctx, args[1:], std)
		case a != "" && a[0] != '-':
			name, args = a, args[1:]
		}
	}
	if _, ok := findCommand(name); !ok {
		fmt.Fprintf(stderr, "tablemate: unknown command %q; the commands are %s.\nRun \"tablemate help\" for what each does.\n", name, commandNames())
		return 2
	}
	return exitCode(dispatch(ctx, name, args, std), stderr)
}

// dispatch runs one command.
func dispatch(ctx context.Context, name string, args []string, std stdio) error {
	switch name {
	case "serve":
		return serveCmd(ctx, args, std)
	case "check":
		return checkCmd(args, std)
	case "migrate":
		return migrateCmd(ctx, args, std)
	case "backup":
		return backupCmd(ctx, args, std)
	}
	return fmt.Errorf("no command %q", name)
}

// exitCode prints what an error says and returns the exit status for it.
func exitCode(err error, stderr io.Writer) int {
	var usage *usageError
	var status exitStatus
	switch {
	case err == nil, errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &status):
		return int(status)
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "tablemate %s: %s\n\n%s", usage.cmd, usage.msg, usage.usage)
		return 2
	}
	fmt.Fprintln(stderr, "tablemate:", err)
	return 2
}

func isHelpFlag(a string) bool {
	return a == "-h" || a == "--h" || a == "-help" || a == "--help"
}

// helpCmd prints the help of every command (no arguments) or of one.
func helpCmd(ctx context.Context, args []string, std stdio) int {
	switch {
	case len(args) == 0 || (len(args) == 1 && args[0] == "help"):
		writeOverview(ctx, std.out)
		return 0
	case len(args) > 1:
		fmt.Fprintf(std.err, "tablemate help: unexpected argument %q: help takes one COMMAND, e.g. tablemate help serve\n", args[1])
		return 2
	}
	if _, ok := findCommand(args[0]); !ok {
		fmt.Fprintf(std.err, "tablemate help: unknown command %q; the commands are %s.\n", args[0], commandNames())
		return 2
	}
	return exitCode(dispatch(ctx, args[0], []string{"-h"}, stdio{out: std.out, err: std.err}), std.err)
}

// writeOverview prints the list of commands and then each command's own
// help, taken from the command itself so its flags are its real ones.
func writeOverview(ctx context.Context, w io.Writer) {
	fmt.Fprint(w, `Tablemate: a table companion for card and board games, served to the
phones at the table.

Usage: tablemate [COMMAND] [flags] [arguments]

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n", "help", "print this help, or one command's: tablemate help COMMAND")
	for _, c := range commands {
		var b bytes.Buffer
		dispatch(ctx, c.name, []string{"-h"}, stdio{out: &b, err: io.Discard})
		fmt.Fprintf(w, "\n%s\n%s", strings.Repeat("─", 72), b.String())
	}
	fmt.Fprint(w, `
Flags take one dash or two (-addr or --addr) and may come before or after
the arguments. "tablemate COMMAND -h" prints one command's help.
`)
}

// dbFlag adds the -db flag with its environment default.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", server.EnvOr("TABLEMATE_DB", "./tablemate.db"), "the `database`: an SQLite file (one machine), or a PostgreSQL URL such as postgres://tablemate:PASSWORD@db.example.org/tablemate for several servers on one database; the environment variable TABLEMATE_DB sets the default")
}

func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}
