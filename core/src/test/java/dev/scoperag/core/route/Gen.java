package dev.scoperag.core.route;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/** Test values drawn from one seed, so the same seed gives the same values: picks, weighted choices, lists, any text. */
final class Gen {

    /** A choice for {@link #frequency}: drawn {@code weight} times in the sum of the weights. */
    record Weighted<T>(int weight, Supplier<? extends T> value) {}

    private final SplittableRandom random;

    Gen(long seed) {
        this.random = new SplittableRandom(seed);
    }

    static <T> Weighted<T> weight(int weight, Supplier<? extends T> value) {
        return new Weighted<>(weight, value);
    }

    /** Between {@code min} and {@code max}, both included. */
    int between(int min, int max) {
        return (int) between((long) min, max);
    }

    long between(long min, long max) {
        return random.nextLong(min, max + 1);
    }

    int anyInt() {
        return random.nextInt();
    }

    boolean chance(double probability) {
        return random.nextDouble() < probability;
    }

    @SafeVarargs
    final <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    @SafeVarargs
    final <T> T oneOf(Supplier<? extends T>... choices) {
        return pick(choices).get();
    }

    @SafeVarargs
    final <T> T frequency(Weighted<? extends T>... choices) {
        int total = 0;
        for (Weighted<? extends T> choice : choices) {
            total += choice.weight();
        }
        int ticket = random.nextInt(total);
        for (Weighted<? extends T> choice : choices) {
            ticket -= choice.weight();
            if (ticket < 0) {
                return choice.value().get();
            }
        }
        throw new AssertionError("unreachable: the tickets add up to the total");
    }

    /** Null with this probability, else a value. */
    <T> T orNull(double probability, Supplier<? extends T> value) {
        return chance(probability) ? null : value.get();
    }

    /** A mutable list (it may hold nulls) of {@code min} to {@code max} values. */
    <T> List<T> listOf(int min, int max, Supplier<? extends T> value) {
        int size = between(min, max);
        List<T> values = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            values.add(value.get());
        }
        return values;
    }

    /** Up to {@code maxLength} UTF-16 chars of any kind: lone surrogates, NUL, controls and private use as often as letters. */
    String string(int maxLength) {
        char[] chars = new char[between(0, maxLength)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = switch (random.nextInt(5)) {
                case 0 -> (char) between(0x20, 0x7E);
                case 1 -> (char) between(0x00, 0x1F);
                case 2 -> (char) between(0xD800, 0xDFFF); // paired only by chance
                case 3 -> (char) between(0xE000, 0xF8FF);
                default -> (char) random.nextInt(0x10000);
            };
        }
        return new String(chars);
    }

    /** {@code minLength} to {@code maxLength} chars from {@code first} to {@code last}. */
    String string(char first, char last, int minLength, int maxLength) {
        char[] chars = new char[between(minLength, maxLength)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) between(first, last);
        }
        return new String(chars);
    }
}
