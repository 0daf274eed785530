"""The app's screens: the card table and its dialogs."""
