"""Parameter names made from questions (docs/architecture.md "Data flow: `elicit-migrate`", names)."""

from __future__ import annotations

import pytest

from elicit_lint.analysis.naming import parameter_name


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("How old are you?", "age"),
        ("Please, how old is she?", "age"),
        ("How many tickets do you need?", "ticket_count"),
        ("How many people are coming?", "people_count"),
        ("How many?", "count"),
        ("How much sugar?", "sugar"),
        ("How much do you want?", "amount"),
        ("How long should the meeting be?", "duration"),
        ("Which city?", "city"),
        ("Which city are you flying to?", "city"),
        ("What kind of pizza would you like?", "pizza"),
        ("What is your name?", "name"),
        ("What's your age?", "age"),
        ("What is your first name?", "first_name"),
        ("Please enter your phone number", "phone_number"),
        ("Quick survey — tell us about yourself:", "survey"),
        ("Are you sure?", "answer"),
        ("Café name?", "cafe_name"),  # accents folded, not dropped with the letter
        ("Ihre Straße?", "straße"),  # letters with no ASCII form are kept
        (None, "answer"),
        # issue 11 item 6: a placeholder question names no answer; typed words do
        ("Test message", "answer"),
        ("Enter a test message", "answer"),
        ("Your message?", "message"),
        ("Type 'yes' to add ", "typed_yes"),  # f"Type 'yes' to add {item}..."
        ('Type "DELETE" to confirm', "typed_delete"),
    ],
)
def test_names_from_questions(question, name):
    assert parameter_name("result", question, None, set()) == name


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Do you want to delete everything?", "confirm_delete"),
        ("Order 3 items?", "confirm_order"),
        ("Confirm deletion of the file?", "confirm_deletion"),
        ("Are you sure?", "confirmed"),
    ],
)
def test_yes_no_names_take_the_verb_asked_about(question, name):
    assert parameter_name(None, question, None, set(), yes_no=True) == name


def test_a_named_result_variable_wins_then_the_class_then_the_question():
    assert parameter_name("city_result", "How old are you?", "Address", set()) == "city"
    assert (
        parameter_name("result", "Where should we ship it?", "Address", set())
        == "address"
    )
    assert parameter_name("r", "How old are you?", None, {"age"}) == "age_2"


def test_the_call_s_own_name_names_no_answer():
    """``elicit_result = await ctx.elicit(...)`` (seen on real servers): ``elicit``
    is the call's word, not the answer's; the class or the question names it."""
    assert (
        parameter_name("elicit_result", "Apply the limits?", "RiskLimits", set())
        == "risk_limits"
    )
    assert parameter_name("elicit_response", "Which city?", None, set()) == "city"


@pytest.mark.parametrize(
    ("class_name", "name"),
    [
        ("_RefinedQuerySchema", "refined_query"),
        ("ProjectModel", "project"),
        ("SurveyResponse", "survey_response"),
        ("Schema", "schema"),
    ],
)
def test_a_private_or_schema_class_names_the_answer(class_name, name):
    """fresh9: ``elicit_result = await ctx.elicit("Your query is too short to search
    effectively...", _RefinedQuerySchema)`` was named ``effectively`` (a private
    class did not count as a class); the class's noun names it."""
    assert (
        parameter_name(
            "elicit_result", "Too short, search effectively?", class_name, set()
        )
        == name
    )
