// SPDX-License-Identifier: GPL-2.0
/*
 * flamediff completion: a shell completion script made from the commands'
 * option tables (through po_list_options(), the same listing the manual
 * page is checked against), so that completion knows every option the
 * program takes and no other.
 */
#include <stdio.h>
#include <string.h>

#include "cli/builtin.h"
#include "collector/event-probe.h"
#include "lib/strbuf.h"

const char completion_usage[] =
	"usage: flamediff completion bash|zsh|events\n"
	"\n"
	"Print a completion script for the shell, to source or to install:\n"
	"  source <(flamediff completion bash)\n"
	"'events': the events record -e can open on this machine, one a line\n"
	"(what the script offers for -e).";

const struct po_option completion_options[] = {
	PO_END,
};

/* Split a listing line into its four tab-separated fields, in place. */
static int split_line(char *line, char *f[4])
{
	int i;

	for (i = 0; i < 4; i++) {
		f[i] = line;
		line = strchr(line, i < 3 ? '\t' : '\n');
		if (!line)
			return i == 3 ? 0 : -1;
		*line++ = '\0';
	}
	return 0;
}

/* The shell words that complete an option's argument. */
static void arg_action(struct strbuf *sb, const char *complete)
{
	if (!strcmp(complete, "file"))
		strbuf_addstr(sb, "COMPREPLY=($(compgen -f -- \"$cur\"))");
	else if (!strcmp(complete, "dir"))
		strbuf_addstr(sb, "COMPREPLY=($(compgen -d -- \"$cur\"))");
	else if (!strcmp(complete, "command"))
		strbuf_addstr(sb, "COMPREPLY=($(compgen -c -- \"$cur\"))");
	else if (!strcmp(complete, "events"))
		/* asked when completing: the events of this machine, by
		 * the flamediff being completed */
		strbuf_addstr(sb, "COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" "
				  "completion events 2>/dev/null)\" -- "
				  "\"$cur\"))");
	else if (!strncmp(complete, "words:", 6)) {
		const char *w;

		strbuf_addstr(sb, "COMPREPLY=($(compgen -W '");
		for (w = complete + 6; *w; w++)
			strbuf_addch(sb, *w == ',' ? ' ' : *w);
		strbuf_addstr(sb, "' -- \"$cur\"))");
	} else {
		strbuf_addstr(sb, ":"); /* free text: nothing to offer */
	}
}

/* One command's branch of the case statement. */
static void command_case(struct strbuf *sb, const struct command *c)
{
	struct strbuf list = STRBUF_INIT, opts = STRBUF_INIT;
	struct strbuf args = STRBUF_INIT;
	char *line, *next, *f[4];

	po_list_options(&list, c->options);
	for (line = list.buf; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (split_line(line, f))
			break;
		if (strcmp(f[0], "-"))
			strbuf_addf(&opts, "%s%s", opts.len ? " " : "", f[0]);
		if (strcmp(f[1], "-"))
			strbuf_addf(&opts, "%s%s", opts.len ? " " : "", f[1]);
		/* An optional argument is "--opt=VAL", one word: the next
		 * word is not the option's. */
		if (strcmp(f[2], "required"))
			continue;
		strbuf_addstr(&args, "\t\t");
		if (strcmp(f[0], "-") && strcmp(f[1], "-"))
			strbuf_addf(&args, "%s|%s", f[0], f[1]);
		else
			strbuf_addstr(&args, strcmp(f[0], "-") ? f[0] : f[1]);
		strbuf_addstr(&args, ") ");
		arg_action(&args, f[3]);
		strbuf_addstr(&args, "; return 0 ;;\n");
	}
	strbuf_addf(sb, "\t%s)\n\t\topts='%s'\n", c->name, opts.buf);
	if (args.len)
		strbuf_addf(sb, "\t\tcase $prev in\n%s\t\tesac\n", args.buf);
	strbuf_addstr(sb, "\t\t;;\n");
	strbuf_release(&list);
	strbuf_release(&opts);
	strbuf_release(&args);
}

static void bash_script(struct strbuf *sb, const struct command *cmds,
			size_t nr)
{
	size_t i;

	strbuf_addstr(sb,
		"# flamediff(1) completion for bash, made by 'flamediff "
		"completion bash'\n"
		"# from the option tables of the program: regenerate it, do "
		"not edit it.\n"
		"_flamediff()\n"
		"{\n"
		"\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev= opts=\n"
		"\tlocal cmd=${COMP_WORDS[1]}\n"
		"\t[ \"$COMP_CWORD\" -gt 0 ] && "
		"prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\tCOMPREPLY=()\n"
		"\tif [ \"$COMP_CWORD\" -le 1 ]; then\n"
		"\t\tCOMPREPLY=($(compgen -W '");
	for (i = 0; i < nr; i++)
		strbuf_addf(sb, "%s ", cmds[i].name);
	strbuf_addstr(sb,
		"--help --version' -- \"$cur\"))\n"
		"\t\treturn 0\n"
		"\tfi\n"
		"\tcase $cmd in\n");
	for (i = 0; i < nr; i++)
		command_case(sb, &cmds[i]);
	strbuf_addstr(sb,
		"\t*) return 0 ;;\n"
		"\tesac\n"
		"\tcase $cur in\n"
		"\t-*) COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n"
		"\t*) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
		"\tesac\n"
		"\treturn 0\n"
		"}\n"
		"complete -o filenames -F _flamediff flamediff\n");
}

int cmd_completion(int argc, char **argv, const struct command *cmds,
		   size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	int n, status;

	n = cmd_parse_options(argc, argv, completion_usage, completion_options,
			      NULL, 0, &status);
	if (n < 0)
		return status;
	if (n == 1 && !strcmp(argv[0], "events")) {
		event_list_here(&sb);
		fwrite(sb.buf, 1, sb.len, stdout);
		strbuf_release(&sb);
		return 0;
	}
	if (n != 1 || (strcmp(argv[0], "bash") && strcmp(argv[0], "zsh")))
		return usage_error("completion", "which shell: bash or zsh");
	/* zsh runs bash's completion functions through bashcompinit. */
	if (!strcmp(argv[0], "zsh"))
		strbuf_addstr(&sb, "#compdef flamediff\n"
				   "autoload -U +X bashcompinit && "
				   "bashcompinit\n");
	bash_script(&sb, cmds, nr);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return 0;
}
