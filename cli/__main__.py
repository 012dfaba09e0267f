from hexforge.cli import main

main()
