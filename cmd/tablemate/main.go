// Command tablemate is the table companion: a web server for phones at the
// game table, a score checker for the command line, and database tools.
//
//	tablemate [serve] [-addr :8080] [-db ./tablemate.db]
//	tablemate check GAME FILE      (FILE "-" or missing reads stdin)
//	tablemate migrate [-db ./tablemate.db]
//	tablemate backup [-db ./tablemate.db] FILE
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches a subcommand and returns the process exit code:
// 0 ok, 1 an invalid game state (check), 2 a usage or runtime error.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serveCmd(ctx, args, stderr)
	case "check":
		return checkCmd(args, stdin, stdout, stderr)
	case "migrate":
		err = migrateCmd(ctx, args, stdout)
	case "backup":
		err = backupCmd(ctx, args, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "tablemate: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "tablemate:", err)
		}
		return 2
	}
	return 0
}

const usage = `Usage:
  tablemate [serve] [-addr :8080] [-db ./tablemate.db]   run the web app
  tablemate check GAME FILE                               score a JSON state (FILE "-" = stdin)
  tablemate migrate [-db ./tablemate.db]                  bring the database schema up to date
  tablemate backup [-db ./tablemate.db] FILE              copy the database while it is in use
Environment: TABLEMATE_ADDR and TABLEMATE_DB set the defaults of -addr and -db.
`

// dbFlag adds the -db flag with its environment default.
func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", envOr("TABLEMATE_DB", "./tablemate.db"), "SQLite database file")
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}
