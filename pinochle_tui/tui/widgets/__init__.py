"""The widgets of the card table, one class each, styled in ``pinochle.tcss`` (cards in
``cards.tcss``)."""
