import AssocCLI

AssocCommand.main()
