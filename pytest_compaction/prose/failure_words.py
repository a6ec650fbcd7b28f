"""How a failure record's text tells what was tried and how it failed.

Words, not a model: a failure word that is neither negated ("did not fail") nor
hypothetical ("if it times out"), an attempt then an outcome that went wrong ("tried X;
the lever still sank"), a problem that came back ("the rash returned"), and the words
that present an approach as merely considered ("explored", "options"). The register
(:mod:`pytest_compaction.prose.invariants`) uses them to accept a failure record, and the
prose check to find one restated in a summary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pytest_compaction.prose import _text

__all__ = ["attempted_failure", "considered_words", "failure_outcome", "recurred", "retold"]

# A failure record's outcome words. Negated ones ("did not fail", "without errors") are
# removed first, so they never count as a failure; "could not break it loose" is one (_COULD_NOT).
_NOT_FAILED = re.compile(
    r"\b(?:did\s+not|didn't|does\s+not|doesn't|never|(?<!could\s)not|without|no)\s+"
    r"(?:fail(?:ed|s|ing|ures?)?|errors?|errored|crash(?:ed|es)?|break|broke|issues?|problems?)\b"
)
# A verb of success, arrival or completion, negated: "never arrived", "did not go through",
# "wasn't delivered", "didn't help" report that the attempt failed.
_NEGATED_SUCCESS = (
    # in note form with no auxiliary: "recharge not received till date", "still not fixed"
    r"(?<!\bwhether\s)\bnot\s+(?:yet\s+)?(?:received|delivered|credited|reflected|resolved|fixed|working)\b|"
    r"(?:did\s+not|didn't|does\s+not|doesn't|never|was\s+not|wasn't|were\s+not|weren't|has\s+not|hasn't|"
    r"no\s+longer)\s+"
    r"(?:(?:been\s+)?(?:work(?:ed|s)?|help(?:ed|s)?|improve[ds]?|fix(?:ed|es)?|solve[ds]?|arrive[ds]?|"
    r"c[ao]me(?!\s+(?:away|loose|apart|unstuck|undone|adrift|unglued))|show(?:ed)?\s+up|turn(?:ed)?\s+up|go\s+through|went\s+through|succeed(?:ed|s)?|"
    r"deliver(?:ed|s)?|receive[ds]?|respond(?:ed|s)?|connect(?:ed|s)?|load(?:ed|s)?|finish(?:ed|es)?|"
    r"complete[ds]?|resolve[ds]?|drop(?:ped|s)?|appear(?:ed|s)?|reflect(?:ed|s)?|stop(?:ped|s)?|"
    r"cure[ds]?|end(?:ed|s)?|"
    # what the try was to take away, still there: "the soak didn't shift the stains", "it
    # never cleared the alarm"
    r"(?:shift|lift|remove|kill|clear|g[eo]t\s+rid\s+of|g[eo]t\s+out)(?:ed|d|s)?\s+"
    r"(?:the|it|them|any|all|those|these|that|this|their|its|his|her)\b|"
    # a level or a measure that did not shift: "his reading age didn't move (at all)", "it
    # never budged"; not a move decided against ("did not move the meeting")
    r"(?:move[ds]?|budge[ds]?|shift(?:ed|s)?)(?=\s*(?:$|[.,;:!)\u2013\u2014]|-\s|at\s+all\b|an\s+inch\b|either\b))|"
    # a treatment, glue or dye that did not act, closing its clause: "the numbing spray
    # didn't take", "the repair didn't hold"; "didn't take the tablets" is an act left undone
    r"(?:take|took|hold|held|stick|stuck|last(?:ed)?)(?=\s*(?:$|[.,;:!)\u2013\u2014]|-\s|and\b|at\s+all\b))|"
    # what a thing does when it works: "the key no longer fits", "the pump didn't start"
    r"fit(?:s|ted)?|open(?:ed|s)?|start(?:ed|s)?|latch(?:ed|es)?|seal(?:ed|s)?|boot(?:ed|s)?|"
    r"charge[ds]?|sync(?:ed|s)?|drain(?:ed|s)?|flush(?:ed|es)?|"
    r"get\s+credited|got\s+credited|credit(?:ed|s)?|"
    # a level the attempt was for, never reached: "the bedroom never got above 17 °C",
    # "never got warmer than 17 °C"
    r"(?:get|got|go|went|rise|rose|climb(?:ed)?)\s+(?:above|over|past|beyond|[a-z]{2,}er\s+than)|"
    r"reach(?:ed|es)?))"
)
"""A success that did not come: "did not work", "didn't arrive", "has not connected", "no
longer fits"; and
what an amount or a message does when it comes, as support chats say it ("the recharge did
not drop", "the refund has not reflected", "the money wasn't credited")."""
# The attempt told by what it met: nothing to be had ("no slot was available", "no table
# was free"), or an answer of no ("they said no", "the request was declined").
_REFUSED = (
    r"(?:no\s+(?:\w+\s+){1,2}(?:was|were|is|are)\s+(?:available|free|left|on\s+offer)|"
    r"(?:was|were)\s+(?:unavailable|refused|declined|denied|turned\s+down)|"
    r"(?:said|answered|replied)\s+no|(?:was|were)\s+not\s+available|none\s+(?:was|were)\s+available|"
    # nobody answered: "nobody returned the call", "no one rang back"
    r"(?:nobody|no\s+one|no-one)\s+(?:returned|answered|replied|responded|called\s+back|rang\s+back|picked\s+up|got\s+back)|"
    # what was handed over came back unaccepted ("the shop sent them back", "we were turned away")
    r"sent\s+(?:it|them|those|these|everything|the\s+lot)\s+back|(?:was|were|got|been)\s+sent\s+back|"
    r"(?:was|were|got|been)\s+(?:\w+\s+)?turned\s+away|turned\s+(?:us|them|him|her|me)\s+away|"
    # a search that found nothing ("the lookup returned no match", "came back with no results")
    r"(?:returned|found|gave|came\s+back\s+with)\s+(?:no|zero)\s+(?:match|matches|results?|hits?|records?)|"
    r"(?:returned|found)\s+nothing|"
    # a way told to be the only one, after the attempt ("the bank said it can only be done
    # in a branch"): the way tried is not it
    r"(?:said|says|told\s+(?:us|them|him|her|me))\s+(?:it|this|that|they)\s+(?:can|could)\s+only\b)"
)
# A refusal told in the active voice ("the terminal declined the hold", "the server refused
# the connection"): an outcome in a record, though "considered and declined" is a decision,
# so it is not an attempted event (_FAILED_EVENT).
_REFUSED_ACTIVE = r"declined|refused|denied"
# "Raised" tells a failure when what was raised is an error ("raised a TimeoutError",
# "raised an exception"), not "raised beds" or "raised a ticket".
# The problem outlived the attempt: it came back, persisted, or still happened ("the warning
# came back", "the lever still pulled", "no change"). "Still" needs a verb that happened
# ("still leaked", "still pulls"), not one of need or plan ("still needs a new seal").
_PERSISTED = (
    r"(?:came|comes|coming)\s+back(?!\s+(?:clean|negative|fine|ok|okay|normal|green|good|clear))|kept\s+coming\s+back|reappear(?:ed|s)|recur(?:red|s)|persist(?:ed|s)|"
    r"resurfaced|no\s+change|no\s+better|no\s+(?:movement|progress|joy)|"
    # the problem went on happening: "the connection kept dropping", "kept on leaking"; not
    # an effort or a state that is fine ("kept trying", "kept working")
    r"kept\s+(?:on\s+)?(?!(?:trying|working|going|running|using|checking|monitoring|improving|"
    r"getting\s+better|asking|calling|looking|waiting|testing|watching)\b)[a-z]{3,}ing|"
    # the problem went on ("the drops continued at nine a day"), not the work ("continued with")
    r"continu(?:ed|es)(?!\s+(?:to|with|on|working|monitoring|using|testing|the|a|an|our|its|their|his|her)\b)|"
    r"still\s+(?!(?:needs|has|is|was|does|seems|looks|wants|plans|intends|hopes|expects|"
    r"works|worked|runs|holds|helps|helped|passes|passed|applies|applied|stands|counts|"
    r"fits|fitted|opens|opened|starts|started|seals|sealed|latches|latched|charges|charged|"
    r"boots|booted|syncs|synced|drains|drained|flushes|flushed|"
    r"days|hours|weeks|months|years|minutes)\b)"
    r"(?:[a-z]+ed|[a-z]+s|came|went|showed|got|ran|broke|fell|threw|stuck|froze|rang|there|present|"
    r"cut|shut|blew|burst|sank|tore|split|slid|lost|bled|spat|quit)"
)
# Ability denied in the past ("it could not keep up", "we couldn't open the valve", "was
# unable to connect") tells what failed; with "have" ("could not have known") it is a
# counterfactual and tells nothing.
_COULD_NOT = (
    r"(?:could\s+not|couldn't|(?:was|were)\s+(?:unable|not\s+able)\s+to|(?:wasn't|weren't)\s+able\s+to)"
    r"\s+(?!have\b)[a-z]+"
)
_NOT_HYPOTHETICAL_COULD = r"(?!\s+not\s+(?!have\b))"
"""After "could": "could not" + a verb other than "have" is a past failure, not a hypothetical."""
_NOT_HYPOTHETICAL_WOULD = r"(?!\s+not\s+(?!have\b)|n't\s+(?!have\b))"
"""After "would": "would not" + a verb other than "have" is a past refusal ("the bead would not
seat"), not a hypothetical."""
_DISCARDED = (
    r"binned|scrapped|ditched|discarded|thrown\s+(?:away|out)|(?:had|have)\s+to\s+(?:bin|scrap|ditch|discard)|"
    r"went\s+back\s+to|switched\s+back|wasted"
)
"""What was made thrown away, or the old way taken up again ("we binned two batches", "went
back to the old flour"): an attempt's outcome. Only an attempt's: beside an approach told
as considered, an idea "scrapped" is no failed attempt (:data:`_FAILED_EVENT` leaves them
out)."""
_HELD_ON = (
    # a level that held ("the bedroom stayed at 14 °C", "the reading remained around 9")
    r"(?:stayed|remained|stays|remains)\s+(?:at|around|below|under|stuck\s+at)\s+(?=[~\d])|"
    r"(?:stayed|remained|stays|remains)\s+(?:stone\s+)?(?:cold|broken|dead|blocked|stuck|flat|jammed|frozen|"
    r"dark|offline|unresponsive|the\s+same|unchanged|wet|damp|loud|noisy|high|low)"
)
"""The state an attempt was to end, held on ("it stayed cold", "the drain remained blocked"):
an outcome in a failure record, but beside an approach told as an option it describes the
problem, not a try ("one option for the radiators, which have stayed cold")."""
_SPOILED = (
    r"(?:was|were|got|been|came\s+back|became|ended\s+up)\s+(?:\w+\s+)?(?:contaminated|damaged|ruined|"
    r"spoil(?:ed|t)|corrupted|cracked|scorched|burnt|burned|warped|flooded)|"
    # what an electrical try sets off: "bank B tripped the breaker", "it blew a fuse"
    r"tripped\s+(?:the\s+|an?\s+)?(?:breaker|fuse|rcd|circuit|trip\s+switch|out)|blew\s+(?:a|the)\s+fuse|shorted\s+out"
)
"""What the attempt left spoiled ("the culture was contaminated", "the tiles got cracked")."""
_CAME_OUT_WRONG = (
    r"(?<!n't\s)(?<!not\s)(?<!never\s)"  # "provided they don't come out flat": none yet
    r"(?:came|come|comes|coming)\s+out\s+(?:all\s+|completely\s+|totally\s+)?(?:blank|empty|wrong|garbled|smudged|"
    r"faded|crooked|misaligned|corrupted|unreadable|illegible|distorted|cracked|burnt|burned|warped|lumpy|flat|raw)"
)
"""What the try made, come out wrong ("the labels came out blank", "the loaves came out
flat"): an outcome that went wrong."""
_CAME_APART = (
    r"(?<!n't\s)(?<!not\s)(?<!never\s)"
    r"(?:(?:came|come|comes|coming)\s+(?:away|loose|apart|unstuck|undone|adrift|unglued)|"
    r"(?:fell|falls|fallen|falling)\s+(?:off|apart|away))"
)
"""What was fixed or joined, parted ("the panels came away within a week", "the hinge came
loose", "the trim fell off"): an outcome that went wrong."""
_NOTHING_CAME = (
    # what was asked for never came: "no response came within the month", "no reply was
    # received", "nobody turned up"
    r"no\s+(?:[\w-]+\s+){0,2}?(?:response|responses|reply|replies|answer|word|callback|acknowledg(?:e)?ment|"
    r"confirmation|decision)\s+(?:\w+\s+)?(?:came|arrived|(?:was|were|has\s+been|have\s+been)\s+received|followed)|"
    r"(?:no\s*one|nobody)\s+(?:came|answered|replied|responded|turned\s+up|showed\s+up|picked\s+up)|"
    # a call that reached no one: "both calls went to a dead voicemail box", "it rang out"
    r"(?:went|go|goes|gone)\s+(?:straight\s+)?to\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?voice\s?mail|rang\s+out|"
    # an alarm the try set off: "it set off the fire alarm again", "the FA went off again"
    r"set\s+off\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}alarms?|(?:went|goes|gone)\s+off\s+again"
)
"""What the try was to bring never came, or an alarm it was to stop went off: an outcome that
went wrong."""
_LOST_LINK = (
    r"(?:lost|loses|losing|kept\s+losing|dropped|drops|dropping)\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?"
    r"(?:pairing|connection|signal|sync|link|network|wi-?fi|bluetooth|power|contact|lock|prime|pressure)"
)
"""A link the try needed, lost ("it lost pairing with the lectern PC", "dropped the
connection every few minutes", "the pump lost prime"): an outcome that went wrong."""
_CUT_SHORT = (
    r"(?:was|were|got|been)\s+(?:\w+\s+)?(?:aborted|halted|called\s+off)|aborted|"
    # a safety device ended the try: "the load-cell alarm stopped the lift", "the
    # interlock cut the run at 40 %"
    r"(?:alarm|alarms|interlock|cut-?out|limiter|trip|sensor|overload)\s+(?:stopped|halted|cut|killed|aborted)"
)
"""A try cut short before its end ("the lift was aborted", "the overload alarm stopped the
crane"): an outcome that did not come."""
_WENT_WRONG = "|".join((_SPOILED, _CUT_SHORT, _LOST_LINK, _CAME_OUT_WRONG, _CAME_APART, _NOTHING_CAME))
"""What went wrong with the thing tried, as an event: spoiled, cut short, its link lost, or
come out wrong; read both as a record's outcome and as one retold."""
_RAISED = r"raised\s+(?:(?:an?|the|another|one|two|several)\s+)?(?:\w+\s+)?\w*(?:error|exception)s?"
_FAILED = re.compile(
    r"\b(?:fail(?:ed|s|ing|ures?)?|error(?:ed|s)?|crash(?:ed|es)?|broke|broken|breaks|timed\s+out|"
    r"times\s+out|timeout|rejected|"
    + _REFUSED_ACTIVE
    + r"|"
    + _RAISED
    + r"|threw|throws|exception|regress(?:ed|ion)|reverted|"
    r"rolled\s+back|unsuccessful(?:ly)?|" + _NEGATED_SUCCESS + r"|" + _REFUSED + r"|" + _COULD_NOT + r"|"
    r"no\s+luck|dead\s+end|bounced|"
    + _PERSISTED
    + r"|"
    + _HELD_ON
    + r"|"
    + _WENT_WRONG
    + r"|made\s+no\s+difference|(?:(?:had|has|with)\s+)?(?:no|zero)\s+effect|no\s+improvement|"
    r"ineffective|gave\s+up|giv(?:e|es|ing|en)\s+up|abandoned|f[ae]ll(?:s|en)?\s+through|"
    + _DISCARDED
    + r")\b"
)
# The outcome told as an event that happened ("failed", "crashed", "timed out"), not as a
# noun that could label a risk ("error", "timeout"): what an attempt needs when the same
# sentence also presents the approach as considered.
_FAILED_EVENT = re.compile(
    r"\b(?:failed|fails|crashed|crashes|broke|errored|threw|timed\s+out|times\s+out|"
    r"(?:was|were|got|been)\s+(?:rejected|reverted|rolled\s+back)|rolled\s+back|reverted|regressed|"
    + _NEGATED_SUCCESS
    + r"|"
    + _REFUSED
    + r"|"
    + _COULD_NOT
    + r"|bounced|"
    + _PERSISTED
    + r"|"
    + _RAISED
    + r"|"
    r"made\s+no\s+difference|had\s+no\s+effect|gave\s+up|given\s+up|abandoned|fell\s+through|"
    + _WENT_WRONG
    + r"|"
    r"fallen\s+through)\b"
)
# A failure word in a hypothetical clause ("an option if the service times out", "it
# could crash", "the bank may refuse it": "may" in lower case, not the month; "a possible
# timeout") tells no
# outcome: the clause is left out before the outcome is looked for.
_HYPOTHETICAL = re.compile(
    r"\b(?:if|in\s+case|unless|whether|could"
    + _NOT_HYPOTHETICAL_COULD
    + r"|might|would"
    + _NOT_HYPOTHETICAL_WOULD
    + r"|(?-i:may)|in\s+the\s+event|watch\s+(?:out\s+)?for|"
    r"look\s+out\s+for|beware\s+of|guard\s+against|risk\s+of|"
    # a possible outcome: "possible AIRSPACE_CONFLICT with the helipad", "maybe a timeout"
    r"possible|possibly|potential|potentially|perhaps|maybe|probably|likely|"
    # anticipated: "keeping an eye out for SESSION_EXPIRED errors", "on the lookout for it"
    r"(?:keep|keeps|keeping|kept)\s+an\s+eye\s+(?:out\s+for|on)|(?:on\s+the\s+)?lookout\s+for|"
    # a check still to make: "check it doesn't drop towards 4.5 bar", "make sure they don't leak"
    r"(?:check|make\s+sure|ensure|verify)\s+(?:that\s+)?(?:it|they|this|these|the\s+[\w-]+)\s+"
    r"(?:does|do|doesn't|don't|won't|isn't|aren't|is|are|will))\b[^,;.:!?]*",
    re.IGNORECASE,
)
# The subject of a hypothetical modal ("the linker could run out of memory", "(pg_config may
# need to be on PATH)") is part of what might happen: a short stretch, up to three words,
# from the start of its clause to the modal.
_MODAL_SUBJECT = re.compile(
    r"(?:^|(?<=[,;:(])|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))[ \t]*(?P<subject>(?:[\w.'/-]+[ \t]+){1,3}?)"
    r"(?=(?:could\b" + _NOT_HYPOTHETICAL_COULD + r"|might|would|(?-i:may))\b)",
    re.IGNORECASE,
)


def _settled(text: str) -> str:
    """``text`` with its hypothetical clauses blanked (:data:`_HYPOTHETICAL`), a modal's
    short subject with them, unless the subject itself tells a failure ("the build that
    failed could be retried")."""
    work = text
    for match in _MODAL_SUBJECT.finditer(text):
        subject = match.group("subject")
        if not _FAILED.search(subject.lower()):
            start, end = match.span("subject")
            work = work[:start] + " " * (end - start) + work[end:]
    return _HYPOTHETICAL.sub(" ", work)


# Words that present an approach as an idea rather than an attempt with an outcome.
_CONSIDERED = re.compile(
    r"\b(?:consider(?:ed|ing|ations?)?|under\s+review|explor(?:e|ed|ing)|look(?:ed)?\s+(?:at|into)|evaluat(?:e|ed|ing)|"
    r"discuss(?:ed|ing)?|thought\s+about|(?:talked|chatted)\s+(?:about|through)|"
    # "could email the council to extend it": an act offered, not one done ("could not"
    # and "could have" tell otherwise)
    r"could\s+(?!not\b|have\b|be\b|only\b|still\b|never\b|n't\b|hardly\b|barely\b)[a-z]{3,}|(?:one|something|worth\s+thinking|to)\s+(?:to\s+)?think\s+about|"
    r"propos(?:e|ed|al)|suggest(?:s|ed|ing|ions?)?|"
    r"recommend(?:s|ed|ing|ations?)?|floated|mooted|put\s+forward|pitched|investigat(?:e|ed|ing)|brainstorm(?:ed)?|"
    r"ideas?|options?|candidates?|next\s+steps?|to-?do|could\s+try|might\s+try|untried|not\s+(?:yet\s+)?tried|never\s+tried|"
    r"(?<!\bdid\s)try\s+[a-z]+ing|to\s+try|will\s+try|'ll\s+try|worth\s+(?:a\s+)?try(?:ing)?|maybe|perhaps|"
    r"worth\s+a\s+(?:go|shot|punt)|give\s+it\s+a\s+(?:go|try|shot)|"
    r"planned|planning|plans?\s+to|scheduled\s+for|pencil+ed\s+in|(?:possible|potential)\s+(?:risk|issue|problem))\b"
)
"""Also a try still ahead ("try raising the partitions", "plan to try", "worth trying";
not "we *did try* raising them", a try made),
"planned for the ARM runners") or offered as a maybe ("maybe power-cycle the switch?"), and
its error as a risk ("a possible risk"): a plan, not an attempt made."""


# An attempt, then the problem happening again: "We tried resealing the joint; water dripped
# through again the next day", "tried a new charger, but the screen flickered again". Not when
# we did it again (a retry), nor when what came again is a success ("the tests passed again").
_RECURRED = re.compile(
    r"\b(?:tried|attempted|trialled|trialed)\b[^;]*?(?:[;,:]|\b(?:but|and|then|yet)\b)\s*"
    r"(?P<subject>(?:(?:the|a|an|its|their|our|this|that|[a-z][\w'-]*)\s+){1,4}?)"
    r"(?P<verb>[a-z]+ed|[a-z]+[^e\W]t|came|grew|rose|broke|fell|ran|rang|froze|threw|shook|spread|stuck)\b"
    r"(?:\s+[a-z]+){0,3}?\s+again\b"
)
_AGENTS = frozenset({"we", "i", "you", "us", "me"})
_DENIERS = frozenset({"not", "never", "didn't", "hasn't", "hadn't", "wasn't", "no"})
_SUCCESS_VERB = re.compile(
    r"^(?:work|help|improv|fix|solv|arriv|succeed|deliver|receiv|respond|connect|load|finish|complet|"
    r"resolv|pass|clear|recover|heal|stabili[sz]|normali[sz]|return|restor|start|open|boot|compil|"
    r"sync|upload|print|charg)"
)


def recurred(text: str) -> str | None:
    """The words that tell the problem came again after an attempt, or None (see _RECURRED)."""
    lowered = _text.normalize(text).lower()
    for match in _RECURRED.finditer(lowered):
        if _AGENTS & set(match.group("subject").split()):
            continue
        if _SUCCESS_VERB.match(match.group("verb")):
            continue
        if match.group("verb") == "not" or _DENIERS & set(match.group("subject").split()):
            continue  # "it did not leak again", "it never dripped again": the trouble ended
        return match.group("verb") + " ... again"
    return None


# An attempt, then how it went: "We tried bleeding the brake; the lever still sank", "We
# already painted the ceiling; it peeled", "was tried for three days; she spat out every
# tablet". The attempt is a verb of trying or a past verb after "already" (a thing done
# before now); the outcome is the next clause of the same sentence (after ";", ":", "but",
# "and", "yet", "however") with a subject of its own, not the people who tried (a second
# step of theirs is no outcome), and a past verb in its first five words.
def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ATTEMPT = re.compile(
    r"\b(?:tried|attempted|trialled|trialed|already\s+(?:[a-z]+ed|[a-z]+t|did|made|gave|put))\b"
)
_OUTCOME_BREAK = re.compile(
    # an arrow of a note leads to what came of it ("tried X @ 50kg -> back flared up")
    r"\s*(?:[;:]|\s[-\u2013\u2014]\s|[\u2013\u2014]|\s(?:->|=>|\u2192)\s|,?\s+(?:but|and|yet|however)\b,?|,\s+(?:though|however)\b,?)\s*"
)
_IRREGULAR_PAST = _word_set(
    "sank spat fell broke tore froze shook split burst blew bent shrank slid stuck wore threw bit "
    "lost spilt stank stung bled fled hung hid quit"
)
"""Simple pasts that do not end in "-ed": the irregular verbs of English an outcome is told
with. Those that as often tell it went well ("the engine ran", "the dough rose", "the baby
slept", "the seedlings grew") and the verbs of having, making and moving on ("got", "made",
"went": "it went fine", "she got better") are left out."""
_NOT_AN_OUTCOME = re.compile(
    # it went well, or the trouble ended ("the rash cleared", "the noise stopped")
    r"^(?:stopp|ceas|disappear|vanish|eas|subsid|fad|settl|calm|quiet|abat|end|dri|cool|"
    # being and seeming tell no event; the complement does ("it seemed fine")
    r"seem|appear|look|sound|felt|becam|remain|stay|prov|turn|"
    r"need|want|plann|decid|agre|ask|said|told|report|mention|"
    r"[a-z]*eed$)"
)
_DETERMINERS = _word_set(
    "the a an its their our this that these those his her my your every each some any no"
)
_APPROVAL = _word_set(
    "well fine perfectly beautifully nicely properly successfully great ok okay expected planned"
)
"""Words that praise how it went ("the dough rose beautifully", "it ran fine"): no failure."""
_NEGATIVE_SUBJECTS = _word_set("no nothing none neither nobody never")
_VERB_SKIP = _word_set("still just only also soon quickly then again even")


def _past_verb(word: str) -> bool:
    if word in _IRREGULAR_PAST:
        return True
    return len(word) > 4 and word.endswith("ed")


_STILL_NOT = re.compile(
    r"\s*(?:[a-z][\w'-]*\s+){0,4}?(?:(?:is|are|was|were)\s+)?still\s+(?:not|never|won't|wouldn't|doesn't|"
    r"didn't|isn't|aren't|wasn't|can't|couldn't)\b(?:\s+[a-z]+)?"
)
"""An outcome told as the problem outlasting the attempt, in any tense: "it's still not
draining", "the car still won't start", "the pain is still not gone". Not the triers' own
state ("we still can't say why"), nor not knowing ("still not sure why")."""
_KNOWING = _word_set("sure certain clear known know knew decided say tell understand understood convinced")


def _outcome(clause: str) -> str | None:
    """The words of ``clause`` up to its past verb when it tells what came of an attempt (see
    _ATTEMPT), or up to its "still not" (:data:`_STILL_NOT`), or None."""
    still = _STILL_NOT.match(clause)
    if still is not None:
        words = still.group().split()
        if words[0] not in _AGENTS and words[-1] not in _KNOWING:
            return " ".join(words)
    found = list(re.finditer(r"[a-z][a-z'-]*", clause))
    while found and (found[0].group() in _VERB_SKIP or found[0].group().endswith("ly")):
        found.pop(0)  # "and then baked it": an adverb is no subject
    words = [match.group() for match in found]
    if not words or words[0] in _AGENTS or words[0] in _NEGATIVE_SUBJECTS or _APPROVAL & set(words):
        return None
    for i in range(1, min(len(words), 6)):
        word = words[i]
        if word in _VERB_SKIP or word.endswith("ly"):
            continue
        if word in _NEGATIVE_SUBJECTS or word in ("not", "did", "didn't"):
            return None
        if not _past_verb(word) or words[i - 1] in _DETERMINERS:
            continue
        if _SUCCESS_VERB.match(word) or _NOT_AN_OUTCOME.match(word):
            return None
        return " ".join(clause[: found[i].end()].split())
    return None


_WOULD_NOT = re.compile(
    r"(?:[a-z][\w'-]*\s+){0,4}?(?:still\s+)?(?:would\s+not|wouldn't|did\s+not|didn't|never|could\s+not|couldn't)"
    r"\s+(?:(?:even|ever|once|really|quite|properly|fully|actually)\s+)?(?P<verb>[a-z]+)"
)
_TROUBLE = _word_set(
    "leak drip break crack fail crash hurt bleed flicker recur return happen trip jam stick overheat "
    "smell itch burn fall slip complain bite scratch react spread rust peel mind need want know care "
    "bother expect notice see have mean"
)
"""Verbs a try is glad to see not happen ("the joint did not leak", "she never reacted"), and
verbs of needing and knowing ("we didn't need to", "never knew why"): denied, no failure."""


def _refused_outcome(clause: str) -> str | None:
    """The words of ``clause`` up to its verb when the clause after an attempt denies what the
    try was for: "the bead *would not seat*", "she *never went* in", "the pump *didn't
    start*"; not what the try was glad to avoid ("the joint did not leak")."""
    found = _WOULD_NOT.match(clause)
    if found is None:
        return None
    verb = found.group("verb")
    base = re.sub(r"(?:ed|s|ing)$", "", verb)
    if verb in _TROUBLE or base in _TROUBLE or base + "e" in _TROUBLE or verb in _IRREGULAR_PAST:
        return None
    return " ".join(found.group().split())


_SUBJECT_WORDS = 4
"""How many words of a clause may hold its subject, for an outcome that goes on from it."""


def _attempt_outcome(lowered: str) -> str | None:
    """The words that tell how an attempt in ``lowered`` went wrong, or None (see _ATTEMPT)."""
    for sentence in re.split(r"[.!?](?:\s|$)", lowered):
        attempt = _ATTEMPT.search(sentence)
        if attempt is None:
            continue
        before = sentence[: attempt.start()].split()[-_SUBJECT_WORDS:]  # who tried
        for pause in _OUTCOME_BREAK.finditer(sentence, attempt.end()):
            clause = re.split(r"[;:,]|\s(?:and|but)\s", sentence[pause.end() :], maxsplit=1)[0]
            outcome = _outcome(clause) or _refused_outcome(clause)
            if outcome is not None:
                return outcome
            # "... it caught on the boom *and tore*": the clause before goes on, its subject
            # not the triers ("we tried it and broke the seal" is a second step of theirs)
            first = clause.split()[:1]
            if first and first[0] in _IRREGULAR_PAST and not _AGENTS & set(before):
                return first[0]
            before = clause.split()[:_SUBJECT_WORDS]
    return None


def failure_outcome(text: str, error: Iterable[str] = (), *, told: str = "") -> str | None:
    """The words that say ``text`` reports a failure, or ``None``.

    A failure word ("failed", "error", "timed out", "crashed", "did not work") that is
    not negated ("did not fail", "without errors") nor hypothetical ("if it times out",
    "could crash"), or every declared error marker in a text that does not say it did
    not fail nor deny the marker. ``told``: the failure record's own text; a marker it
    denies itself ("the middle one *won't latch*") is met when denied.
    """
    settled = _settled(_text.normalize(text))
    lowered = settled.lower()
    cleared = _NOT_FAILED.sub(" ", lowered)
    match = _FAILED.search(cleared)
    if match:
        return match.group()
    outcome = _attempt_outcome(cleared)
    if outcome is not None:
        return outcome
    error = tuple(error)
    # The error's name alone says it failed, unless the text says it did not, or denies the
    # error itself ("test it with a skewer so it *isn't* raw inside") where the record
    # ``told`` names it as met ("the middle one *won't latch*" names a denied "latch" as met).
    if (
        error
        and cleared == lowered
        and all(_text.contains(settled, marker) for marker in error)
        and not any(_denied(settled, marker) and not _denied(told, marker) for marker in error)
    ):
        return ", ".join(error)
    return None


_RECORD_CLAUSES = re.compile(r"[;:]|\s[-\u2013\u2014]\s|,\s+(?:but|and|so)\s", re.IGNORECASE)


_RETOLD_NEGATORS = frozenset({"no", "not", "never", "nothing", "none", "nobody"})


def retold(text: str, told: str) -> str | None:
    """The record's own outcome, when ``text`` tells it again in the record's words: a
    clause of the record ``told`` after its first ("tried hiding the tablet in cheese; *she
    spat it out every time*") whose every content word (two or more) ``text`` holds, or
    the whole clause word for word. A word
    left out ("to see whether the score moves up from 4", where "the score stayed at 4"
    was) tells another outcome, or none."""
    from pytest_compaction.prose.normalize import tokens
    from pytest_compaction.prose.statements import STOPWORDS

    settled = _settled(_text.normalize(text))  # "whether it would jam" tells no outcome
    if _NOT_FAILED.search(settled.lower()):
        return None  # "did not fail": told as having gone well
    norms = [t.norm for t in tokens(settled)]
    joined = f" {' '.join(norms)} "
    for clause in _RECORD_CLAUSES.split(told)[1:]:
        said = [t.norm for t in tokens(clause)]
        # its negators too: "three feedings had *no* effect" is not "check the effect"
        words = {n for n in said if (n not in STOPWORDS and len(n) > 2) or n in _RETOLD_NEGATORS}
        if not words:
            continue
        # two content words or more anywhere, or the whole clause as it stands ("she spat
        # it out every time" holds one content word)
        if (len(words) >= 2 and words <= set(norms)) or (len(said) >= 3 and f" {' '.join(said)} " in joined):
            return clause.strip()
    return None


_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever|\bno|\bwithout)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _denied(text: str, marker: str) -> bool:
    """Whether every mention of an error marker in ``text`` is denied by a word or two
    before it ("isn't raw inside", "without a timeout")."""
    found = list(_text.marker_pattern(marker).finditer(text))
    return bool(found) and all(_DENIED_BEFORE.search(text[: m.start()]) for m in found)


def attempted_failure(text: str) -> str | None:
    """The words that tell a failure as something that happened ("failed", "timed out"), or None.

    "Considered raising the pool size (PoolTimeout risk)" names an error but tells no
    attempt: next to a "considered" word only these count as a recorded failure.
    """
    cleared = _NOT_FAILED.sub(" ", _settled(_text.normalize(text)).lower())
    match = _FAILED_EVENT.search(cleared)
    return match.group() if match else _attempt_outcome(cleared)


def considered_words(text: str) -> tuple[str, ...]:
    """The words that present an approach as merely considered ("explored", "options"); not
    a verb that also names the act itself done already ("*already pitched* the yeast")."""
    lowered = _text.normalize(text).lower()
    return tuple(
        dict.fromkeys(
            " ".join(m.group().split())
            for m in _CONSIDERED.finditer(lowered)
            if not (m.group() in _ALSO_ACTS and _ALREADY.search(lowered, 0, m.start()))
        )
    )


_ALSO_ACTS = frozenset({"pitched", "floated"})
"""Verbs of proposing that are also acts ("pitched the yeast", "floated the hull")."""
_ALREADY = re.compile(r"\balready\s+$")
