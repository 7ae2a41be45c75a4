import AssocCLI

AssocMain.run()
