"""The learner's side: the commands (check, list, hint, reset, solution, init), the live
``watch`` screen, the rich report, and the workspace (exercises/, progress, backups)."""
