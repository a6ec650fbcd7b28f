"""A built-in consumer and rule for ``use`` steps, so specs can exercise stage 4 without user code.

:func:`plan_meal` is a deterministic meal planner: it picks the first dish of a small
synthetic menu that contains no ingredient the memory it is given forbids.
:func:`no_forbidden_ingredient` is the matching rule factory: given the ledger's
active facts (the truth), it returns one :class:`~pytest_compaction.store.retrieval.ActionRule`
per forbidden food, each holding when no ingredient of the planned meal contains it.

A food is forbidden by a fact whose predicate is ``food.<name>_allowed`` and whose
value is ``False`` (``food.peanuts_allowed: false``). The menu lists a peanut dish
first, so a planner that was not given the allergy proposes it::

    steps:
      - add: all
      - compress
      - retrieve: {query: meal_recommendation, predicates: [food.], relevant: [fact-allergy-1]}
      - use:
          consumer: pytest_compaction.engine.meal_planner:plan_meal
          rules: [pytest_compaction.engine.meal_planner:no_forbidden_ingredient]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pytest_compaction.core.model import Fact
from pytest_compaction.store.retrieval import ActionRule

__all__ = ["FOOD_GROUPS", "MENU", "forbidden_foods", "no_forbidden_ingredient", "plan_meal"]

MENU: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("satay noodle salad", ("rice noodles", "peanut dressing", "lime", "cucumber")),
    ("shrimp fried rice", ("rice", "shrimp", "egg", "spring onion")),
    ("sesame tofu bowl", ("tofu", "sesame seeds", "rice", "broccoli")),
    ("lentil soup", ("lentils", "carrot", "onion", "cumin")),
    ("tomato pasta", ("wheat pasta", "tomato", "garlic", "basil")),
    ("baked potato", ("potato", "olive oil", "rosemary")),
)
"""The planner's menu, in order of preference: (dish, ingredients)."""

_PREFIX, _SUFFIX = "food.", "_allowed"

FOOD_GROUPS: dict[str, tuple[str, ...]] = {
    "shellfish": ("shrimp", "prawn", "crab", "lobster", "mussel"),
    "nuts": ("almond", "cashew", "walnut", "hazelnut"),
}
"""Foods that stand for several ingredients: a shellfish allergy rules out shrimp."""


def forbidden_foods(facts: Iterable[Fact]) -> dict[str, str]:
    """``{food: fact id}`` for each ``food.<food>_allowed = False`` fact."""
    out: dict[str, str] = {}
    for fact in facts:
        predicate = fact.predicate
        if predicate.startswith(_PREFIX) and predicate.endswith(_SUFFIX) and fact.value is False:
            food = predicate[len(_PREFIX) : -len(_SUFFIX)].replace("_", " ")
            out.setdefault(food, fact.fact_id)
    return out


def _contains(ingredient: str, food: str) -> bool:
    # "peanuts" forbids "peanut dressing"; "eggs" forbids "egg"; "shellfish" forbids "shrimp".
    stem = food[:-1] if food.endswith("s") and len(food) > 3 else food
    words = (stem, *FOOD_GROUPS.get(food, ()))
    return any(word.lower() in ingredient.lower() for word in words)


def plan_meal(memory: Iterable[Fact]) -> dict[str, Any]:
    """The first dish on :data:`MENU` with no ingredient ``memory`` forbids.

    Returns ``{"dish": str, "ingredients": [str, ...]}``; ``{"dish": None,
    "ingredients": []}`` when every dish is ruled out.
    """
    forbidden = forbidden_foods(memory)
    for dish, ingredients in MENU:
        if not any(_contains(i, food) for i in ingredients for food in forbidden):
            return {"dish": dish, "ingredients": list(ingredients)}
    return {"dish": None, "ingredients": []}


def no_forbidden_ingredient(truth: Iterable[Fact]) -> tuple[ActionRule, ...]:
    """One rule per food the ledger's active facts forbid: no ingredient of the meal contains it."""
    rules = []
    for food, fact_id in forbidden_foods(truth).items():
        rules.append(
            ActionRule(
                fact_id=fact_id,
                description=f"no ingredient contains {food}",
                holds=_without(food),
            )
        )
    return tuple(rules)


def _without(food: str) -> Any:
    def holds(action: object) -> bool:
        if not isinstance(action, Mapping):
            return False
        ingredients = action.get("ingredients")
        if not isinstance(ingredients, list):
            return False
        return not any(isinstance(i, str) and _contains(i, food) for i in ingredients)

    return holds
