package ginrummy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayList;

/**
 * Drives one EAAI Gin Rummy player for gin-tutor's arena (benchmarks/eaai.py), one command a line
 * on standard input, one answer a line on standard output for the commands that ask something.
 * Cards are written as the EAAI Card class writes them ("TH" is the ten of hearts); a meld is its
 * cards joined by commas, melds are separated by spaces.
 *
 *   start P S c1 .. c10    startGame(P, S, cards)
 *   faceup c               willDrawFaceUpCard(c)        answers "yes" or "no"
 *   draw P c|-             reportDraw(P, c or null)
 *   discard                getDiscard()                 answers a card
 *   discarded P c          reportDiscard(P, c)
 *   melds                  getFinalMelds()              answers "none" or the melds ("-" for none at all)
 *   finalmelds P m1 m2 ..  reportFinalMelds(P, melds)
 *   layoff P c m           reportLayoff(P, c, m)
 *   finalhand P c1 c2 ..   reportFinalHand(P, cards)
 *   scores s0 s1           reportScores(scores)
 *   quit
 *
 * The player's own prints go to standard error, so that they cannot be taken for answers.
 */
public class ArenaDriver {
    private static Card card(String text) {
        Card c = Card.strCardMap.get(text);
        if (c == null)
            throw new IllegalArgumentException("not a card: " + text);
        return c;
    }

    private static ArrayList<Card> cards(String[] words, int from) {
        ArrayList<Card> out = new ArrayList<Card>();
        for (int i = from; i < words.length; i++)
            out.add(card(words[i]));
        return out;
    }

    private static ArrayList<Card> meld(String text) {
        return cards(text.split(","), 0);
    }

    private static ArrayList<ArrayList<Card>> melds(String[] words, int from) {
        ArrayList<ArrayList<Card>> out = new ArrayList<ArrayList<Card>>();
        for (int i = from; i < words.length; i++)
            out.add(meld(words[i]));
        return out;
    }

    private static String write(ArrayList<ArrayList<Card>> melds) {
        if (melds == null)
            return "none";
        if (melds.isEmpty())
            return "-";
        StringBuilder out = new StringBuilder();
        for (ArrayList<Card> meld : melds) {
            if (out.length() > 0)
                out.append(' ');
            for (int i = 0; i < meld.size(); i++)
                out.append(i == 0 ? "" : ",").append(meld.get(i));
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        PrintStream answers = System.out;
        System.setOut(System.err);
        GinRummyPlayer player = (GinRummyPlayer) Class.forName(args[0]).getDeclaredConstructor().newInstance();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split(" ");
            switch (w[0]) {
                case "start":
                    player.startGame(Integer.parseInt(w[1]), Integer.parseInt(w[2]), cards(w, 3).toArray(new Card[0]));
                    break;
                case "faceup":
                    answers.println(player.willDrawFaceUpCard(card(w[1])) ? "yes" : "no");
                    break;
                case "draw":
                    player.reportDraw(Integer.parseInt(w[1]), w[2].equals("-") ? null : card(w[2]));
                    break;
                case "discard":
                    answers.println(player.getDiscard());
                    break;
                case "discarded":
                    player.reportDiscard(Integer.parseInt(w[1]), card(w[2]));
                    break;
                case "melds":
                    answers.println(write(player.getFinalMelds()));
                    break;
                case "finalmelds":
                    player.reportFinalMelds(Integer.parseInt(w[1]), melds(w, 2));
                    break;
                case "layoff":
                    player.reportLayoff(Integer.parseInt(w[1]), card(w[2]), meld(w[3]));
                    break;
                case "finalhand":
                    player.reportFinalHand(Integer.parseInt(w[1]), cards(w, 2));
                    break;
                case "scores":
                    player.reportScores(new int[] {Integer.parseInt(w[1]), Integer.parseInt(w[2])});
                    break;
                case "quit":
                    return;
                default:
                    throw new IllegalArgumentException("unknown command: " + line);
            }
            answers.flush();
        }
    }
}
